import * as z from 'zod';
import { otpTimingSchema, requestCodeSchema } from './auth-fields';

/**
 * POST /api/auth/v1/otp/resend — a fresh OTP for the same request, after the 2-minute
 * countdown (429 `otp_resend_too_soon` + retryAfter before it), at most 5 sends an hour per
 * account (429 `otp_send_limit`), none while OTP is locked (429 `otp_locked`).
 */
export const resendOtpRequestSchema = z.object({
  requestCode: requestCodeSchema,
});
export type ResendOtpRequest = z.infer<typeof resendOtpRequestSchema>;

export const resendOtpResponseSchema = otpTimingSchema;
export type ResendOtpResponse = z.infer<typeof resendOtpResponseSchema>;
