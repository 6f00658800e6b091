import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@portal/domain/contracts/auth/login';
import { api } from '../../../lib/api-client';

/** POST /api/auth/v1/login — step 1 of sign-in: the password is right and an OTP was sent. */
export function login(body: LoginRequest): Promise<LoginResponse> {
  return api.post<LoginResponse>('/api/auth/v1/login', body, { auth: false });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
