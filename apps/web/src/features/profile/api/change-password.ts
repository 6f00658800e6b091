import { useMutation } from '@tanstack/react-query';
import type { ChangePasswordRequest } from '@portal/domain/contracts/auth/change-password';
import type { OkResponse } from '@portal/domain/contracts/auth/auth-fields';
import { api } from '../../../lib/api-client';

/**
 * POST /api/user/v1/profile with `action: 'changePassword'` (signed in): the current password,
 * the new one and its confirmation. The server signs the user's other sessions out.
 */
export function changePassword(body: ChangePasswordRequest): Promise<OkResponse> {
  return api.post<OkResponse>('/api/user/v1/profile', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
