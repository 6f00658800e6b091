import * as z from 'zod';
import { complianceLangSchema } from './compliance-fields';

/**
 * GET /api/compliance/training/v1/form/download/pdf?kind=material&id=<uuid>&lang= — a training
 * material as a PDF; `?kind=certificate&lang=` — the caller's completion certificate for the
 * current period (404 until they have passed). Answers `application/pdf` as an attachment.
 */
export const downloadPdfQuerySchema = z.object({
  kind: z.enum(['material', 'certificate'], { error: 'invalid' }),
  id: z.string().uuid({ error: 'invalid' }).optional(),
  lang: complianceLangSchema,
});
export type DownloadPdfInput = z.input<typeof downloadPdfQuerySchema>;
export type DownloadPdfQuery = z.output<typeof downloadPdfQuerySchema>;

export function materialFileName(sequence: number, lang: string): string {
  return `compliance-material-${sequence}-${lang === 'km' ? 'km' : 'en'}.pdf`;
}

export function certificateFileName(periodCode: string): string {
  return `compliance-certificate-${periodCode.replace(/[^0-9]/g, '')}.pdf`;
}
