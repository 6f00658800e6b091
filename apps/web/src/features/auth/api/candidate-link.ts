import { useMutation } from '@tanstack/react-query';
import type { LinkOtpResponse, LinkVerifyResponse } from '@portal/domain/contracts/candidates/candidate';
import { api } from '../../../lib/api-client';

/** POST /api/candidate/v1/form/link/otp — a secure link is opened: an OTP goes to the candidate's phone. */
export function useLinkOtp() {
  return useMutation({
    mutationFn: (token: string) => api.post<LinkOtpResponse>('/api/candidate/v1/form/link/otp', { token }, { auth: false }),
  });
}

/** POST /api/candidate/v1/form/link/otp/verify — the OTP buys a ROLE_CNL session for the own form. */
export function useLinkVerify() {
  return useMutation({
    mutationFn: (body: { token: string; requestCode: string; otp: string }) =>
      api.post<LinkVerifyResponse>('/api/candidate/v1/form/link/otp/verify', body, { auth: false }),
  });
}
