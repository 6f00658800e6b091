import * as z from 'zod';
import { complianceLangSchema, complianceStatusSchema, periodCodeSchema, periodSchema } from './compliance-fields';

/**
 * GET /api/compliance/training/v1/form/training-materials?lang=&period= — the period's training
 * materials (title, description; each downloadable as a PDF through form/download/pdf), the
 * caller's attempts and completion. `period` defaults to the current one (the calendar year in
 * Phnom Penh). `?view=completions` (agency staff, ROLE_AS / ROLE_AA) answers who in the agency
 * has completed instead: see find-completions.ts.
 */
export const trainingMaterialsQuerySchema = z.object({
  lang: complianceLangSchema,
  period: periodCodeSchema.optional(),
  view: z
    .union([z.literal('materials'), z.literal('completions'), z.literal('')], { error: 'invalid' })
    .optional()
    .transform((value) => (value === 'completions' ? 'completions' : 'materials')),
  format: z
    .union([z.literal('json'), z.literal('csv'), z.literal('')], { error: 'invalid' })
    .optional()
    .transform((value) => (value === 'csv' ? 'csv' : 'json')),
});
export type TrainingMaterialsInput = z.input<typeof trainingMaterialsQuerySchema>;
export type TrainingMaterialsQuery = z.output<typeof trainingMaterialsQuerySchema>;

export const materialSchema = z.object({
  id: z.string().uuid(),
  sequence: z.number().int(),
  title: z.string(),
  description: z.string(),
});
export type TrainingMaterial = z.infer<typeof materialSchema>;

export const trainingMaterialsResponseSchema = z.object({
  period: periodSchema,
  materials: z.array(materialSchema),
  status: complianceStatusSchema,
});
export type TrainingMaterialsResponse = z.infer<typeof trainingMaterialsResponseSchema>;
