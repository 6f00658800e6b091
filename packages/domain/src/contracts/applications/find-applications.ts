/**
 * GET /api/appform/v1/find?q=&status=&page=&size= — the caller's applications (agency staff: the
 * agency's), most recently changed first. `q`: at least 3 characters (spec §9), matching the
 * application number, the proposal number or a customer's name (Latin or Khmer).
 */
import * as z from 'zod';
import { APPLICATION_STATUSES } from '../../codes/application-status';
import { optionalSearchTermSchema } from '../../rules/search';
import { listSizeSchema } from '../contacts/list-params';
import { applicationSummarySchema } from './application-response';

export const findApplicationsQuerySchema = z.object({
  q: optionalSearchTermSchema,
  status: z
    .union([z.enum(APPLICATION_STATUSES), z.literal('')], { error: 'invalid' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  page: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(0, { error: 'min' }).max(10_000, { error: 'max' }).default(0),
  size: listSizeSchema,
});
export type FindApplicationsInput = z.input<typeof findApplicationsQuerySchema>;
export type FindApplicationsQuery = z.output<typeof findApplicationsQuerySchema>;

export const findApplicationsResponseSchema = z.object({
  items: z.array(applicationSummarySchema),
  page: z.number().int(),
  size: z.number().int(),
  hasNext: z.boolean(),
});
export type FindApplicationsResponse = z.infer<typeof findApplicationsResponseSchema>;
