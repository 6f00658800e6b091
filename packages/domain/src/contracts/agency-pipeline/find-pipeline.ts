/**
 * GET /api/agency/v1/pipeline -> for each advisor of the agency admin's own agency, how many items
 * wait in each stage (pipeline-stages.ts) and how many days the oldest has waited since it entered
 * that stage. Filters: one advisor, one stage, a minimum number of days waited. Advisors whose
 * oldest item waited longest come first.
 *
 * GET /api/agency/v1/pipeline/items -> the items behind a figure (same filters), oldest first:
 * the person's or the record's name, how long it waited and, for a pending application, the
 * supporting document groups it still lacks. `format=csv` answers the same rows as a file.
 */
import * as z from 'zod';
import { LANGUAGES } from '../../codes/languages';
import { PIPELINE_STAGES } from './pipeline-stages';

/** The most items one list (or CSV file) holds; `total` tells how many there are. */
export const PIPELINE_ITEM_LIMIT = 500;

export const pipelineQuerySchema = z.object({
  advisorId: z.uuid({ error: 'invalid' }).optional(),
  stage: z.enum(PIPELINE_STAGES, { error: 'invalid' }).optional(),
  minDays: z.coerce.number({ error: 'invalid' }).int({ error: 'invalid' }).min(0, { error: 'min' }).max(3650, { error: 'max' }).optional(),
});
export type PipelineQuery = z.infer<typeof pipelineQuerySchema>;

export const pipelineItemsQuerySchema = pipelineQuerySchema.extend({
  format: z.enum(['json', 'csv'], { error: 'invalid' }).optional(),
  /** The CSV's language (stage and document names, people's names where they have one in Khmer). */
  lang: z.enum(LANGUAGES, { error: 'invalid' }).optional(),
});
export type PipelineItemsQuery = z.infer<typeof pipelineItemsQuerySchema>;

export const pipelineFigureSchema = z.object({
  stage: z.enum(PIPELINE_STAGES),
  count: z.number().int(),
  /** Days the oldest item has waited in the stage; null when the stage is empty. */
  oldestDays: z.number().int().nullable(),
  /** Pending applications only: how many of them still lack a required document. */
  missingDocuments: z.number().int().optional(),
});
export type PipelineFigure = z.infer<typeof pipelineFigureSchema>;

export const pipelineAdvisorSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  displayNameKh: z.string().nullable(),
  agentCode: z.string().nullable(),
  /** One figure per stage asked for, in PIPELINE_STAGES order. */
  figures: z.array(pipelineFigureSchema),
});
export type PipelineAdvisor = z.infer<typeof pipelineAdvisorSchema>;

export const pipelineResponseSchema = z.object({
  /** Today in Phnom Penh: the days waited count up to it. */
  asOf: z.string(),
  stages: z.array(z.enum(PIPELINE_STAGES)),
  advisors: z.array(pipelineAdvisorSchema),
  /** The agency's totals per stage (the advisors' figures added up). */
  totals: z.array(pipelineFigureSchema),
});
export type PipelineResponse = z.infer<typeof pipelineResponseSchema>;

export const pipelineItemSchema = z.object({
  stage: z.enum(PIPELINE_STAGES),
  id: z.string(),
  advisorId: z.string(),
  advisorName: z.string(),
  advisorNameKh: z.string().nullable(),
  agentCode: z.string().nullable(),
  /** The person the item is about (contact, life insured, candidate, the advisor who must train). */
  name: z.string(),
  nameKh: z.string().nullable(),
  /** The record's number (PR…, AP…, C…) where it has one. */
  reference: z.string().nullable(),
  /** The Phnom Penh date the item entered its stage (the due date for overdue training). */
  since: z.string(),
  daysWaiting: z.number().int(),
  /** Pending applications: the required supporting document groups without a file. */
  missingDocuments: z.array(z.string()),
});
export type PipelineItem = z.infer<typeof pipelineItemSchema>;

export const pipelineItemsResponseSchema = z.object({
  asOf: z.string(),
  total: z.number().int(),
  items: z.array(pipelineItemSchema),
});
export type PipelineItemsResponse = z.infer<typeof pipelineItemsResponseSchema>;

/** The CSV's columns, in order (the header row is these names). */
export const PIPELINE_CSV_COLUMNS = [
  'advisor',
  'agentCode',
  'stage',
  'name',
  'reference',
  'since',
  'daysWaiting',
  'missingDocuments',
] as const;

export function pipelineCsvFileName(asOf: string): string {
  return `agency-pipeline-${asOf.replace(/[^0-9]/g, '')}.csv`;
}
