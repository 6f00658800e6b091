import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteActivityResponseSchema, type DeleteActivityResponse } from '@portal/domain/contracts/activities/delete-activity';
import { api } from '../../../lib/api-client';
import { activityKeys, contactKeys } from './contact-keys';

/** POST /api/contact/v2/activity/delete/{id} — 404 when the caller may not see it. */
export async function deleteActivity(id: string): Promise<DeleteActivityResponse> {
  const path = `/api/contact/v2/activity/delete/${encodeURIComponent(id)}`;
  return deleteActivityResponseSchema.parse(await api.post<unknown>(path));
}

export function useDeleteActivity(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: activityKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.detail(contactId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
      ]);
    },
  });
}
