import * as z from 'zod';
import { LANGUAGES } from '../../codes/languages';

/**
 * GET /api/policy/v1/download/{policyNumber}/client-pending?lang=en|km — the client-pending letter
 * (the requirements still outstanding, addressed to the policy owner) as a PDF in the caller's
 * language (default en; Khmer shaped, with a real text layer). Answers `application/pdf` with
 * `Content-Disposition: attachment; filename="client-pending-<POLICYNUMBER>-<YYYYMMDD>.pdf"`.
 * A policy the caller may not see answers 404.
 */
export const clientPendingQuerySchema = z.object({
  lang: z
    .union([z.enum(LANGUAGES), z.literal('')], { error: 'invalid' })
    .optional()
    .transform((value) => (value ? value : 'en')),
});
export type ClientPendingInput = z.input<typeof clientPendingQuerySchema>;
export type ClientPendingQuery = z.output<typeof clientPendingQuerySchema>;

/** The file name the server gives the letter (policy numbers are capitals, digits and hyphens). */
export function clientPendingFileName(policyNumber: string, isoDate: string): string {
  return `client-pending-${policyNumber.replace(/[^A-Z0-9-]/g, '')}-${isoDate.replace(/-/g, '')}.pdf`;
}
