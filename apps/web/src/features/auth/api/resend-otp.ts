import { useMutation } from '@tanstack/react-query';
import type { ResendOtpRequest, ResendOtpResponse } from '@portal/domain/contracts/auth/resend-otp';
import { api } from '../../../lib/api-client';

/** POST /api/auth/v1/otp/resend — a fresh code for the same request, after the countdown. */
export function resendOtp(body: ResendOtpRequest): Promise<ResendOtpResponse> {
  return api.post<ResendOtpResponse>('/api/auth/v1/otp/resend', body, { auth: false });
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
