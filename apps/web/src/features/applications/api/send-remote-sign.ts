import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  sendRemoteSignResponseSchema,
  type SendRemoteSignRequest,
  type SendRemoteSignResponse,
} from '@portal/domain/contracts/applications/remote-signature';
import { api } from '../../../lib/api-client';
import { applicationKeys } from './application-keys';

/** POST /api/appform/v1/remote-sign/{id} — sends a signer the SMS link. */
export async function sendRemoteSign(id: string, body: SendRemoteSignRequest): Promise<SendRemoteSignResponse> {
  return sendRemoteSignResponseSchema.parse(await api.post<unknown>(`/api/appform/v1/remote-sign/${encodeURIComponent(id)}`, body));
}

export function useSendRemoteSign(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendRemoteSignRequest) => sendRemoteSign(id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationKeys.remoteSign(id) }),
  });
}
