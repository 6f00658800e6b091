import * as z from 'zod';
import { otpTimingSchema } from './auth-fields';

/**
 * POST /api/auth/v1/otp/bind (signed in) — sends a `profile` OTP to the caller's phone. A
 * request verified through /otp/verify is needed before registering a passkey (and before
 * changing phone or e-mail).
 */
export const requestBindOtpRequestSchema = z.object({}).optional();
export type RequestBindOtpRequest = z.infer<typeof requestBindOtpRequestSchema>;

export const requestBindOtpResponseSchema = z
  .object({
    requestCode: z.string(),
    maskedPhone: z.string(),
  })
  .extend(otpTimingSchema.shape);
export type RequestBindOtpResponse = z.infer<typeof requestBindOtpResponseSchema>;
