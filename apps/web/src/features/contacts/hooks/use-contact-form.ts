import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import { createContactRequestSchema } from '@portal/domain/contracts/contacts/create-contact';
import { updateContactRequestSchema } from '@portal/domain/contracts/contacts/update-contact';
import type { ContactFormValues } from './contact-form-values';

/*
 * The contract's own schemas are the resolvers (one rule, written once, in packages/domain).
 * `raw`: the form keeps and sends what was typed; the server parses the same contract and
 * stores the tidied values (E.164 phone, ISO date of birth), so nothing is converted twice.
 */
const createResolver: Resolver<ContactFormValues> = zodResolver(createContactRequestSchema, undefined, { raw: true });
// The update form always starts with the `version` it read, so its values fit the update schema.
const updateResolver = zodResolver(updateContactRequestSchema, undefined, { raw: true }) as unknown as Resolver<ContactFormValues>;

export function useContactForm(mode: 'create' | 'update', defaultValues: Partial<ContactFormValues>) {
  return useForm<ContactFormValues>({
    resolver: mode === 'update' ? updateResolver : createResolver,
    defaultValues,
    // Errors appear on save, then follow the typing: validating on blur moves the layout under a
    // finger that is on its way to the save button, and the tap misses it.
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}
