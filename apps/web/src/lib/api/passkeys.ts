import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BindPasskeyRequest, BindPasskeyResponse } from '@portal/domain/contracts/auth/bind-passkey';
import type { DeletePasskeyRequest } from '@portal/domain/contracts/auth/delete-passkey';
import type { ListPasskeysResponse } from '@portal/domain/contracts/auth/list-passkeys';
import type {
  PasskeyAuthenticationOptionsRequest,
  PasskeyAuthenticationOptionsResponse,
} from '@portal/domain/contracts/auth/passkey-authentication-options';
import type { PasskeyLoginRequest, PasskeyLoginResponse } from '@portal/domain/contracts/auth/passkey-login';
import type {
  PasskeyRegistrationOptionsRequest,
  PasskeyRegistrationOptionsResponse,
} from '@portal/domain/contracts/auth/passkey-registration-options';
import type { RequestBindOtpResponse } from '@portal/domain/contracts/auth/request-bind-otp';
import type { OkResponse } from '@portal/domain/contracts/auth/auth-fields';
import { api } from '../api-client';

/**
 * Passkeys (WebAuthn), the spec's calls: a profile OTP (/otp/bind, then /otp/verify), registration
 * options (/attestations) and the attestation (/bind) while signed in; the list and delete; and
 * the public sign-in pair (/assertions, then /webauthn answering the session).
 */
export const passkeyKeys = {
  list: ['auth', 'passkeys'] as const,
};

export function requestBindOtp(): Promise<RequestBindOtpResponse> {
  return api.post<RequestBindOtpResponse>('/api/auth/v1/otp/bind', {});
}

export function passkeyRegistrationOptions(body: PasskeyRegistrationOptionsRequest): Promise<PasskeyRegistrationOptionsResponse> {
  return api.post<PasskeyRegistrationOptionsResponse>('/api/auth/v1/attestations', body);
}

export function bindPasskey(body: BindPasskeyRequest): Promise<BindPasskeyResponse> {
  return api.post<BindPasskeyResponse>('/api/auth/v1/bind', body);
}

export function listPasskeys(signal?: AbortSignal): Promise<ListPasskeysResponse> {
  return api.get<ListPasskeysResponse>('/api/auth/v1/webauthn', signal ? { signal } : {});
}

export function deletePasskey(body: DeletePasskeyRequest): Promise<OkResponse> {
  return api.post<OkResponse>('/api/auth/v1/delete/webauthn', body);
}

export function passkeyAuthenticationOptions(body: PasskeyAuthenticationOptionsRequest): Promise<PasskeyAuthenticationOptionsResponse> {
  return api.post<PasskeyAuthenticationOptionsResponse>('/api/auth/v1/assertions', body ?? {}, { auth: false });
}

export function passkeyLogin(body: PasskeyLoginRequest): Promise<PasskeyLoginResponse> {
  return api.post<PasskeyLoginResponse>('/api/auth/v1/webauthn', body, { auth: false });
}

export function usePasskeys() {
  return useQuery({ queryKey: passkeyKeys.list, queryFn: ({ signal }) => listPasskeys(signal) });
}

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
}
