/**
 * GET /api/report/v1/generate/{reportName}/{referenceId}?lang=en|km -> a PDF.
 * `application-form`: referenceId is the application id. A submitted application answers the
 * PDF stored at submission when `lang` is the submission's language (or omitted); otherwise the
 * form is rendered from the saved data (a pending application's draft form).
 */
import * as z from 'zod';
import { LANGUAGES } from '../../codes/languages';

export const REPORT_NAMES = ['application-form'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export const generateReportParamsSchema = z.object({ reportName: z.string().min(1).max(64), referenceId: z.string().min(1).max(64) });
export const generateReportQuerySchema = z.object({ lang: z.enum(LANGUAGES, { error: 'invalid' }).optional() });
