import type { ContactResponse, CreateContactInput } from '@portal/domain/contracts/contacts/create-contact';
import { formatDisplayDate } from '@portal/domain/format/date';
import { formatPhoneLocal } from '@portal/domain/format/phone';

/** The contact form's values: the create body as typed, plus the version an update saves against. */
export type ContactFormValues = CreateContactInput & { version?: number };

/** The fields a person fills in, in form order (also the fields a 422 may name). */
export const CONTACT_FORM_FIELDS = [
  'contactType',
  'firstName',
  'lastName',
  'firstNameKh',
  'lastNameKh',
  'gender',
  'dateOfBirth',
  'phone',
  'email',
  'idType',
  'idNumber',
  'occupation',
  'address',
] as const satisfies readonly (keyof CreateContactInput)[];
export type ContactFormField = (typeof CONTACT_FORM_FIELDS)[number];

export const EMPTY_CONTACT_FORM: Partial<ContactFormValues> = {
  firstName: '',
  lastName: '',
  firstNameKh: '',
  lastNameKh: '',
  dateOfBirth: '',
  phone: '',
  email: '',
  idType: '',
  idNumber: '',
  occupation: '',
  address: '',
};

/**
 * A stored number as a person would type it: local digits with hyphens in the display groups
 * (`+85512345678` -> `012-345-678`), which the contract's "digits and hyphens" rule accepts.
 */
export function phoneForInput(phone: string): string {
  return formatPhoneLocal(phone).replace(/\s+/g, '-');
}

/** A stored contact as form values: DD/MM/YYYY date of birth, typed-style phone, '' for absent. */
export function toContactFormValues(contact: ContactResponse): ContactFormValues {
  return {
    contactType: contact.contactType,
    firstName: contact.firstName,
    lastName: contact.lastName,
    firstNameKh: contact.firstNameKh ?? '',
    lastNameKh: contact.lastNameKh ?? '',
    gender: contact.gender,
    dateOfBirth: formatDisplayDate(contact.dateOfBirth),
    phone: phoneForInput(contact.phone),
    email: contact.email ?? '',
    idType: contact.idType ?? '',
    idNumber: contact.idNumber ?? '',
    occupation: contact.occupation ?? '',
    address: contact.address ?? '',
    version: contact.version,
  };
}

/** Fields whose saved value differs from what is in the form (after a conflict). */
export function changedFields(saved: ContactFormValues, current: ContactFormValues): ContactFormField[] {
  const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());
  return CONTACT_FORM_FIELDS.filter((field) => text(saved[field]) !== text(current[field]));
}

/**
 * Date of birth as typed: slashes are added after the day and the month when typing forward
 * (`2103` -> `21/03/`), so a phone's number pad is enough. Pasted or longer edits are kept.
 */
export function autoSlashDate(previous: string, next: string): string {
  if (next.length !== previous.length + 1 || !next.startsWith(previous)) return next;
  return /^\d{2}$/.test(next) || /^\d{2}\/\d{2}$/.test(next) ? `${next}/` : next;
}
