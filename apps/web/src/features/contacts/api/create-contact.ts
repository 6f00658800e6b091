import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactResponseSchema, type ContactResponse, type CreateContactInput } from '@portal/domain/contracts/contacts/create-contact';
import { api } from '../../../lib/api-client';
import { contactKeys } from './contact-keys';

/**
 * POST /api/contact/v1/create — the form's values as typed (the server applies the same
 * contract: it tidies names, stores the phone as E.164 and the date of birth as YYYY-MM-DD).
 * 201 with the stored contact; 422 with field errors.
 */
export async function createContact(body: CreateContactInput): Promise<ContactResponse> {
  return contactResponseSchema.parse(await api.post<unknown>('/api/contact/v1/create', body));
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: async (contact) => {
      // A new contact has no activities yet: its detail (and the success screen) opens at once.
      queryClient.setQueryData(contactKeys.detail(contact.id), { ...contact, activities: [] });
      await queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
}
