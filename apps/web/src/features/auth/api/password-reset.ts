import { useMutation } from '@tanstack/react-query';
import type { RequestResetOtpRequest, RequestResetOtpResponse } from '@portal/domain/contracts/auth/request-reset-otp';
import type { ResetPasswordRequest } from '@portal/domain/contracts/auth/reset-password';
import type { OkResponse } from '@portal/domain/contracts/auth/auth-fields';
import { api } from '../../../lib/api-client';

/**
 * Forgot password (DESIGN.md §3): POST /api/auth/v1/otp/reset sends a reset OTP (the same answer
 * for unknown usernames), /otp/verify checks it (verify-otp.ts), POST /api/auth/v1/reset sets the
 * new password with the verified request.
 */
export function requestResetOtp(body: RequestResetOtpRequest): Promise<RequestResetOtpResponse> {
  return api.post<RequestResetOtpResponse>('/api/auth/v1/otp/reset', body, { auth: false });
}

export function resetPassword(body: ResetPasswordRequest): Promise<OkResponse> {
  return api.post<OkResponse>('/api/auth/v1/reset', body, { auth: false });
}

export function useRequestResetOtp() {
  return useMutation({ mutationFn: requestResetOtp });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
