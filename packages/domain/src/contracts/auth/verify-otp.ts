import * as z from 'zod/mini';
import { OTP_PURPOSES } from '../../codes/otp-purposes';
import { otpSchema, requestCodeSchema } from './auth-fields';

/**
 * POST /api/auth/v1/otp/verify — checks a reset or profile OTP and marks its request verified
 * (sign-in OTPs are checked by /login/mfa). Wrong, expired or spent: 401 code 1031; the fifth
 * wrong OTP kills the request and answers 429 `otp_locked`.
 */
export const verifyOtpRequestSchema = z.object({
  requestCode: requestCodeSchema,
  otp: otpSchema,
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequestSchema>;

export const verifyOtpResponseSchema = z.object({
  verified: z.literal(true),
  purpose: z.enum(OTP_PURPOSES),
  /** Seconds left to use the verified request (reset the password, register a passkey). */
  expiresIn: z.int(),
});
export type VerifyOtpResponse = z.infer<typeof verifyOtpResponseSchema>;
