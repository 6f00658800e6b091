import { useMutation } from '@tanstack/react-query';
import type { LoginMfaRequest, LoginMfaResponse } from '@portal/domain/contracts/auth/login-mfa';
import { api } from '../../../lib/api-client';

/** POST /api/auth/v1/login/mfa — step 2 of sign-in: the OTP buys the token pair and the user. */
export function loginMfa(body: LoginMfaRequest): Promise<LoginMfaResponse> {
  return api.post<LoginMfaResponse>('/api/auth/v1/login/mfa', body, { auth: false });
}

export function useLoginMfa() {
  return useMutation({ mutationFn: loginMfa });
}
