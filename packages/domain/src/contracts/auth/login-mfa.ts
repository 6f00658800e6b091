import * as z from 'zod/mini';
import { otpSchema, requestCodeSchema } from './auth-fields';
import { authSessionSchema } from './auth-session';

/** POST /api/auth/v1/login/mfa — step 2 of sign-in. Wrong OTP: 401 code 1031. */
export const loginMfaRequestSchema = z.object({
  requestCode: requestCodeSchema,
  otp: otpSchema,
});
export type LoginMfaRequest = z.infer<typeof loginMfaRequestSchema>;

export const loginMfaResponseSchema = authSessionSchema;
export type LoginMfaResponse = z.infer<typeof loginMfaResponseSchema>;
