import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Language } from '@portal/domain/codes/languages';
import { profileResponseSchema, type ProfileResponse } from '@portal/domain/contracts/user/profile';
import { api } from '../../../lib/api-client';

const PATH = '/api/user/v1/profile';
export const profileKeys = { me: ['profile', 'me'] as const };

/** GET /api/user/v1/profile — the account and its active sessions. */
export async function getProfile(signal?: AbortSignal): Promise<ProfileResponse> {
  return profileResponseSchema.parse(await api.get<unknown>(PATH, signal ? { signal } : {}));
}

export function useProfile() {
  return useQuery(queryOptions({ queryKey: profileKeys.me, queryFn: ({ signal }) => getProfile(signal) }));
}

type ProfileAction =
  | { action: 'updateContact'; phone?: string; email?: string; requestCode: string; version: number }
  | { action: 'setLanguage'; preferredLang: Language }
  | { action: 'signOutOtherSessions' }
  | { action: 'signOutSession'; sessionId: string };

/** POST /api/user/v1/profile with one action; answers the updated profile, which replaces the cached one. */
export async function updateProfile(body: ProfileAction): Promise<ProfileResponse> {
  return profileResponseSchema.parse(await api.post<unknown>(PATH, body));
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => client.setQueryData(profileKeys.me, profile),
  });
}
