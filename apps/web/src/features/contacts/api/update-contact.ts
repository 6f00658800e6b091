import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactResponseSchema, type ContactResponse } from '@portal/domain/contracts/contacts/create-contact';
import type { UpdateContactInput } from '@portal/domain/contracts/contacts/update-contact';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

/**
 * POST /api/contact/v1/update/{id} — every field plus the `version` that was read. 200 with the
 * stored contact (version + 1); 409 `conflict` when someone saved it in between (nothing
 * changes); 404 when it is gone; 422 with field errors.
 */
export async function updateContact({ id, body }: { id: string; body: UpdateContactInput }): Promise<ContactResponse> {
  const path = `/api/contact/v1/update/${encodeURIComponent(id)}`;
  return contactResponseSchema.parse(await api.post<unknown>(path, body));
}

export function useUpdateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateContact,
    onSuccess: async (contact) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.detail(contact.id) }),
        queryClient.invalidateQueries({ queryKey: contactKeys.lists() }),
      ]);
    },
  });
}
