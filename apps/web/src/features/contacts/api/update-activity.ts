import { useMutation, useQueryClient } from '@tanstack/react-query';
import { activityResponseSchema, type ActivityResponse } from '@portal/domain/contracts/activities/create-activity';
import type { UpdateActivityInput } from '@portal/domain/contracts/activities/update-activity';
import { api } from '../../../lib/api-client';
import { activityKeys, contactKeys } from './contact-keys';

/**
 * POST /api/contact/v2/activity/update/{id} — every field plus the version that was read.
 * 409 `conflict` when it was saved meanwhile; 404 when it is gone.
 */
export async function updateActivity({ id, body }: { id: string; body: UpdateActivityInput }): Promise<ActivityResponse> {
  const path = `/api/contact/v2/activity/update/${encodeURIComponent(id)}`;
  return activityResponseSchema.parse(await api.post<unknown>(path, body));
}

export function useUpdateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateActivity,
    onSuccess: async (activity) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.detail(activity.contactId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
      ]);
    },
  });
}
