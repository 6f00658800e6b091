import * as z from 'zod';
import { contactFieldsShape, withContactRules, type ContactRuleOptions } from './contact-fields';
import { versionSchema } from './contact-id';

/**
 * POST /api/contact/v1/update/{id}: the create body plus the `version` that was read. Replaces
 * every field (an optional field left out is cleared). 200 with the stored contact (version + 1);
 * a stale version -> 409 `{ code: 409, messageKey: 'conflict' }` and nothing changes; a contact
 * the caller may not see -> 404. Response: `contactResponseSchema` of create-contact.ts.
 */
export function buildUpdateContactRequestSchema(options: ContactRuleOptions = {}) {
  return withContactRules(z.object({ ...contactFieldsShape(options), version: versionSchema }));
}

export const updateContactRequestSchema = buildUpdateContactRequestSchema();
export type UpdateContactInput = z.input<typeof updateContactRequestSchema>;
export type UpdateContactRequest = z.output<typeof updateContactRequestSchema>;
