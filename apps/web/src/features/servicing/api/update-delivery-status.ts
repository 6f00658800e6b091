import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import {
  updateDeliveryStatusResponseSchema,
  type UpdateDeliveryStatusInput,
  type UpdateDeliveryStatusResponse,
} from '@portal/domain/contracts/policies/update-delivery-status';
import { api } from '../../../lib/api-client';
import { policyKeys } from './policy-keys';

/**
 * POST /api/policy/v1/update/delivery-status — agency staff record where the printed policy pack
 * is. `version` is the detail's; a stale one answers 409.
 */
export async function updateDeliveryStatus(body: UpdateDeliveryStatusInput): Promise<UpdateDeliveryStatusResponse> {
  return updateDeliveryStatusResponseSchema.parse(await api.post<unknown>('/api/policy/v1/update/delivery-status', body));
}

export function useUpdateDeliveryStatus(policyNumber: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateDeliveryStatus,
    onSuccess: (result) => {
      queryClient.setQueryData<PolicyDetailsResponse>(policyKeys.detail(policyNumber), (detail) =>
        detail
          ? { ...detail, deliveryStatus: result.deliveryStatus, deliveryStatusDate: result.deliveryStatusDate, version: result.version }
          : detail,
      );
    },
    // A conflict means someone else changed the policy: read it again so a retry sends the new version.
    onError: () => queryClient.invalidateQueries({ queryKey: policyKeys.detail(policyNumber) }),
  });
}
