import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeContactResponseSchema, type RemoveContactResponse } from '@portal/domain/contracts/contacts/remove-contact';
import { api } from '../../../lib/api-client';
import { activityKeys, contactKeys } from './contact-keys';

/** POST /api/contact/v1/remove/{id} — a soft delete; the contact and its activities leave every list. */
export async function removeContact(id: string): Promise<RemoveContactResponse> {
  const path = `/api/contact/v1/remove/${encodeURIComponent(id)}`;
  return removeContactResponseSchema.parse(await api.post<unknown>(path));
}

export function useRemoveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeContact,
    onSuccess: async (_result, id) => {
      queryClient.removeQueries({ queryKey: contactKeys.detail(id) });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: activityKeys.all }),
      ]);
    },
  });
}
