import * as z from 'zod';
import { LANGUAGES } from '../../codes/languages';

/**
 * GET /api/proposal/v1/find/report/{id}?lang=en|km&download=1 — the proposal's benefit
 * illustration as a PDF (at least 3 pages: summary and premiums per mode, coverage, a year-by-year
 * projection, and the KHQR code for the first premium) in `lang`, or, when absent, the caller's
 * preferred language. Answers `application/pdf`, `Content-Disposition: inline` (or `attachment`
 * with `download=1`) and the file name `proposal-<NUMBER>-<lang>.pdf`. 404 when the caller may
 * not see the proposal. Generating it records the status `presented` (once).
 */
export const proposalReportQuerySchema = z.object({
  lang: z
    .union([z.enum(LANGUAGES), z.literal('')], { error: 'invalid' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  download: z
    .enum(['0', '1', ''], { error: 'invalid' })
    .optional()
    .transform((value) => value === '1'),
});
export type ProposalReportInput = z.input<typeof proposalReportQuerySchema>;

/** The file name of a proposal's PDF (proposal numbers are capitals and digits). */
export function proposalReportFileName(proposalNumber: string, lang: string): string {
  return `proposal-${proposalNumber.replace(/[^A-Z0-9-]/g, '')}-${lang === 'km' ? 'km' : 'en'}.pdf`;
}
