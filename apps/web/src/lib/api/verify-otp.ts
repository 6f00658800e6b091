import { useMutation } from '@tanstack/react-query';
import type { VerifyOtpRequest, VerifyOtpResponse } from '@portal/domain/contracts/auth/verify-otp';
import { api } from '../api-client';

/**
 * POST /api/auth/v1/otp/verify — checks a reset or profile OTP and marks its request verified.
 * Public: the request code names the user, so no bearer token is sent (the same call serves the
 * signed-out reset flow and the signed-in passkey registration). A wrong code is 401 1031.
 */
export function verifyOtp(body: VerifyOtpRequest): Promise<VerifyOtpResponse> {
  return api.post<VerifyOtpResponse>('/api/auth/v1/otp/verify', body, { auth: false });
}

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
