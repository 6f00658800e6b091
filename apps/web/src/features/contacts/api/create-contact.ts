import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactResponseSchema, type ContactResponse, type CreateContactInput } from '@portal/domain/contracts/contacts/create-contact';
import { api } from '../../../lib/api-client';
import { sendOrKeep } from '../../../lib/offline/send-or-keep';
import { contactKeys } from './contact-keys';

/**
 * POST /api/contact/v1/create — the form's values as typed (the server applies the same
 * contract: it tidies names, stores the phone as E.164 and the date of birth as YYYY-MM-DD).
 * 201 with the stored contact; 422 with field errors.
 */
export async function createContact(body: CreateContactInput): Promise<ContactResponse> {
  return contactResponseSchema.parse(await api.post<unknown>('/api/contact/v1/create', body));
}

export const CREATE_CONTACT_PATH = '/api/contact/v1/create';

/** How a contact kept on the phone is listed among the items waiting to be sent. */
export function contactLabel(body: Pick<CreateContactInput, 'firstName' | 'lastName'>): string {
  return `${body.firstName} ${body.lastName}`.trim();
}

/**
 * The same call, or (no network) the contact kept on the phone to send later: `kept` is its
 * outbox item, whose id stands for the contact in activities made before it is sent.
 */
export function createContactOrKeep(body: CreateContactInput) {
  return sendOrKeep({ kind: 'contact', path: CREATE_CONTACT_PATH, body: { ...body }, label: contactLabel(body) }, (answer) =>
    contactResponseSchema.parse(answer),
  );
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContactOrKeep,
    // Runs without network too (the contact is kept to send later), instead of waiting paused.
    networkMode: 'always',
    onSuccess: async ({ sent: contact }) => {
      if (!contact) return;
      // A new contact has no activities yet: its detail (and the success screen) opens at once.
      queryClient.setQueryData(contactKeys.detail(contact.id), { ...contact, activities: [] });
      await queryClient.invalidateQueries({ queryKey: contactKeys.lists() });
    },
  });
}
