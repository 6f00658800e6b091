import { useQuery, useQueryClient } from '@tanstack/react-query';
import { opcPaymentResponseSchema, type OpcPaymentResponse } from '@portal/domain/contracts/proposals/opc-payment';
import { api } from '../../../lib/api-client';
import { proposalKeys } from './proposal-keys';

/**
 * GET /api/proposal/v1/opc-payment/{proposalNum} — the first premium's payment reference, KHQR
 * string and QR image (the same while the premium is unchanged). Asked for only when the advisor asks
 * (it marks the proposal "payment requested").
 */
export async function findOpcPayment(proposalNumber: string, signal?: AbortSignal): Promise<OpcPaymentResponse> {
  return opcPaymentResponseSchema.parse(
    await api.get<unknown>(`/api/proposal/v1/opc-payment/${encodeURIComponent(proposalNumber)}`, signal ? { signal } : {}),
  );
}

export function useOpcPayment(proposalNumber: string, enabled: boolean, proposalId: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: proposalKeys.payment(proposalNumber),
    queryFn: async ({ signal }) => {
      const payment = await findOpcPayment(proposalNumber, signal);
      // The proposal's status and history changed on the server.
      void queryClient.invalidateQueries({ queryKey: proposalKeys.detail(proposalId) });
      return payment;
    },
    enabled,
    staleTime: 60_000,
  });
}
