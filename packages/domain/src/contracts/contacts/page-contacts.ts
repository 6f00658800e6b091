import * as z from 'zod';
import { contactSummarySchema } from './contact-summary';
import { listSizeSchema } from './list-params';

/**
 * GET /api/contact/v1/page?page=0&size=20 — the caller's own contacts, most recently changed
 * first, by page number. `page` counts from 0. No total is counted (on a large book it would cost
 * more than the page); `hasNext` says whether another page follows.
 */
export const pageContactsQuerySchema = z.object({
  page: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(0, { error: 'min' }).max(100_000, { error: 'max' }).default(0),
  size: listSizeSchema,
});
export type PageContactsInput = z.input<typeof pageContactsQuerySchema>;
export type PageContactsQuery = z.output<typeof pageContactsQuerySchema>;

export const pageContactsResponseSchema = z.object({
  items: z.array(contactSummarySchema),
  page: z.number().int(),
  size: z.number().int(),
  hasNext: z.boolean(),
});
export type PageContactsResponse = z.infer<typeof pageContactsResponseSchema>;
