import * as z from 'zod';
import { newPasswordSchema, okResponseSchema } from './auth-fields';

/**
 * POST /api/user/v1/profile with `action: 'changePassword'` (signed in). Errors: 1043 current
 * password missing, 1032 current password wrong (422, field currentPassword), 422 `unmatched`,
 * then the rules of rules/password-policy.ts (1050, 1051, 1052, 1053, 1044, 1006).
 * Other sessions of the user are signed out.
 */
export const changePasswordRequestSchema = z
  .object({
    action: z.literal('changePassword'),
    currentPassword: z.string().max(64, { error: 'maxlength' }).optional(),
    password: newPasswordSchema,
    confirmedPassword: z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') }),
  })
  .refine((body) => body.password === body.confirmedPassword, {
    error: 'unmatched',
    path: ['confirmedPassword'],
    // Compare whenever both are strings, even if another field failed, so every error shows at once.
    when: (payload) => {
      const value = payload.value as { password?: unknown; confirmedPassword?: unknown } | undefined;
      return typeof value?.password === 'string' && typeof value.confirmedPassword === 'string';
    },
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordResponseSchema = okResponseSchema;
