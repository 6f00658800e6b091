import * as z from 'zod/mini';
import { newPasswordSchema, okResponseSchema, requestCodeSchema } from './auth-fields';

/**
 * POST /api/auth/v1/reset — forgot password, last step, with a request verified by
 * /otp/verify. Errors: 422 `unmatched` on confirmedPassword; 1043 no request code; 1031 request
 * invalid, expired or not verified; 1050, 1051, 1052, 1053, 1044, 1006 (rules/password-policy.ts).
 */
export const resetPasswordRequestSchema = z
  .object({
    requestCode: z.optional(requestCodeSchema),
    password: newPasswordSchema,
    confirmedPassword: z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') }),
  })
  .check(
    z.refine((body) => body.password === body.confirmedPassword, {
      error: 'unmatched',
      path: ['confirmedPassword'],
      // Compare whenever both are strings, even if another field failed, so every error shows at once.
      when: (payload) => {
        const value = payload.value as { password?: unknown; confirmedPassword?: unknown } | undefined;
        return typeof value?.password === 'string' && typeof value.confirmedPassword === 'string';
      },
    }),
  );
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const resetPasswordResponseSchema = okResponseSchema;
