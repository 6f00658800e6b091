import * as z from 'zod';
import { CONTACT_TYPES, GENDERS } from '../../codes/client';
import { IDENTIFICATION_TYPES } from '../../codes/identification-types';
import { contactFieldsShape, withContactRules, type ContactRuleOptions } from './contact-fields';

/**
 * POST /api/contact/v1/create (DESIGN.md §3) -> 201 with the stored contact.
 * `buildCreateContactRequestSchema({ now })` fixes "today" for tests; the exported schema reads
 * the system clock each time it checks a date of birth, so one instance lasts forever.
 */
export function buildCreateContactRequestSchema(options: ContactRuleOptions = {}) {
  return withContactRules(z.object(contactFieldsShape(options)));
}

export const createContactRequestSchema = buildCreateContactRequestSchema();
/** What the form holds / the client sends. */
export type CreateContactInput = z.input<typeof createContactRequestSchema>;
/** After parsing: tidied names, E.164 phone, ISO date of birth, empty optionals dropped. */
export type CreateContactRequest = z.output<typeof createContactRequestSchema>;

/**
 * A stored contact, as every contact call answers it. Optional fields are null when not given.
 * `phone` is E.164 (`+85512345678`; show it with format/phone `formatPhone`), `dateOfBirth`
 * YYYY-MM-DD (show with `formatDisplayDate`), `createdDate`/`modifiedDate` are date-times with
 * the +07:00 offset. Send `version` back with an update.
 */
export const contactResponseSchema = z.object({
  id: z.string(),
  contactType: z.enum(CONTACT_TYPES),
  firstName: z.string(),
  lastName: z.string(),
  firstNameKh: z.string().nullable(),
  lastNameKh: z.string().nullable(),
  gender: z.enum(GENDERS),
  dateOfBirth: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  idType: z.enum(IDENTIFICATION_TYPES).nullable(),
  idNumber: z.string().nullable(),
  occupation: z.string().nullable(),
  address: z.string().nullable(),
  createdDate: z.string(),
  modifiedDate: z.string(),
  version: z.number().int(),
});
export type ContactResponse = z.infer<typeof contactResponseSchema>;
