import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  activityResponseSchema,
  type ActivityResponse,
  type CreateActivityInput,
} from '@portal/domain/contracts/activities/create-activity';
import { api } from '../../../lib/api-client';
import { activityKeys, contactKeys } from './contact-keys';

/**
 * POST /api/contact/v2/activity/create — start and end with the +07:00 offset (or plain dates
 * for a whole-day activity). 201 with the stored activity; 404 when the contact is not the
 * caller's; 422 with field errors.
 */
export async function createActivity(body: CreateActivityInput): Promise<ActivityResponse> {
  return activityResponseSchema.parse(await api.post<unknown>('/api/contact/v2/activity/create', body));
}

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActivity,
    onSuccess: async (activity) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.detail(activity.contactId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
      ]);
    },
  });
}
