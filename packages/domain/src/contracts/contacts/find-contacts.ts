import * as z from 'zod';
import { CONTACT_TYPES, GENDERS } from '../../codes/client';
import { optionalSearchTermSchema } from '../../rules/search';
import { contactSummarySchema } from './contact-summary';
import { cursorSchema, listSizeSchema, nextCursorSchema } from './list-params';

/**
 * GET /api/contact/v2/find?q=&contactType=&gender=&cursor=&size= — search the caller's own
 * contacts, most recently changed first, a page at a time (keyset cursor).
 * - `q` (optional): at least 3 characters after trimming (`minlength` otherwise, spec §9);
 *   matches anywhere in the Latin name (`first last` or `last first`), the Khmer name, the ID
 *   number, and the phone in any form (`012 345 678`, `85512345678`, `+855 12 345 678`, a part).
 *   Case does not matter.
 * - `contactType`: lifeInsured | policyOwner; `gender`: M | F (an empty value means any).
 * - `size`: 1-100 (default 20); `cursor`: the previous answer's `nextCursor`.
 */
export const findContactsQuerySchema = z.object({
  q: optionalSearchTermSchema,
  contactType: z
    .union([z.enum(CONTACT_TYPES), z.literal('')], { error: 'invalid' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  gender: z
    .union([z.enum(GENDERS), z.literal('')], { error: 'invalid' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  cursor: cursorSchema,
  size: listSizeSchema,
});
export type FindContactsInput = z.input<typeof findContactsQuerySchema>;
export type FindContactsQuery = z.output<typeof findContactsQuerySchema>;

export const findContactsResponseSchema = z.object({
  items: z.array(contactSummarySchema),
  nextCursor: nextCursorSchema,
});
export type FindContactsResponse = z.infer<typeof findContactsResponseSchema>;
