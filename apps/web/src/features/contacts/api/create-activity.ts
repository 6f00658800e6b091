import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  activityResponseSchema,
  type ActivityResponse,
  type CreateActivityInput,
} from '@portal/domain/contracts/activities/create-activity';
import { api } from '../../../lib/api-client';
import { sendOrKeep } from '../../../lib/offline/send-or-keep';
import { activityKeys, contactKeys } from './contact-keys';

/**
 * POST /api/contact/v2/activity/create — start and end with the +07:00 offset (or plain dates
 * for a whole-day activity). 201 with the stored activity; 404 when the contact is not the
 * caller's; 422 with field errors.
 */
export async function createActivity(body: CreateActivityInput): Promise<ActivityResponse> {
  return activityResponseSchema.parse(await api.post<unknown>('/api/contact/v2/activity/create', body));
}

export const CREATE_ACTIVITY_PATH = '/api/contact/v2/activity/create';

/**
 * The same call, or (no network) the activity kept on the phone to send later. For a contact
 * made offline (`local:<outbox id>`), it is sent after that contact, with the contact's server id.
 */
export function createActivityOrKeep({ body, label }: { body: CreateActivityInput; label: string }) {
  return sendOrKeep({ kind: 'activity', path: CREATE_ACTIVITY_PATH, body: { ...body }, label }, (answer) =>
    activityResponseSchema.parse(answer),
  );
}

export function useCreateActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createActivityOrKeep,
    // Runs without network too (the activity is kept to send later), instead of waiting paused.
    networkMode: 'always',
    onSuccess: async ({ sent: activity }) => {
      if (!activity) return;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.detail(activity.contactId) }),
        queryClient.invalidateQueries({ queryKey: activityKeys.lists() }),
      ]);
    },
  });
}
