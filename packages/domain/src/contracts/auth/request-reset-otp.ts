import * as z from 'zod/mini';
import { otpTimingSchema, usernameSchema } from './auth-fields';

/**
 * POST /api/auth/v1/otp/reset — forgot password, step 1. The answer is the same whether or not
 * the username exists (no OTP is sent then), so it cannot be used to find usernames.
 */
export const requestResetOtpRequestSchema = z.object({
  username: usernameSchema,
});
export type RequestResetOtpRequest = z.infer<typeof requestResetOtpRequestSchema>;

export const requestResetOtpResponseSchema = z.extend(
  z.object({
    requestCode: z.string(),
  }),
  otpTimingSchema.shape,
);
export type RequestResetOtpResponse = z.infer<typeof requestResetOtpResponseSchema>;
