import * as z from 'zod/mini';
import { otpTimingSchema, passwordInputSchema, usernameSchema } from './auth-fields';

/** POST /api/auth/v1/login — step 1 of sign-in (DESIGN.md §3). */
export const loginRequestSchema = z.object({
  username: usernameSchema,
  password: passwordInputSchema,
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * The password was right: an OTP went to the user's phone. Wrong username or password is one
 * answer (401, code 1024, `invalid_credentials`); a locked account is 429 `account_locked`.
 */
export const loginResponseSchema = z.extend(
  z.object({
    mfaRequired: z.literal(true),
    requestCode: z.string(),
    /** The phone the OTP went to, all but the last 3 digits hidden: `+855*****678`. */
    maskedPhone: z.string(),
  }),
  otpTimingSchema.shape,
);
export type LoginResponse = z.infer<typeof loginResponseSchema>;
