import type * as z from 'zod';
import { contactResponseSchema } from './create-contact';

/**
 * GET /api/contact/v1/find/{id} — one of the caller's own contacts (params: `recordIdParamsSchema`
 * of contact-id.ts). 404 when the caller may not see it. The read is audited.
 */
export const findContactResponseSchema = contactResponseSchema;
export type FindContactResponse = z.infer<typeof findContactResponseSchema>;
