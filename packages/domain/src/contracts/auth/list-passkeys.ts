import * as z from 'zod';
import { passkeySummarySchema } from './passkey-summary';

/** GET /api/auth/v1/webauthn (signed in) — the caller's own passkeys, newest first. */
export const listPasskeysResponseSchema = z.array(passkeySummarySchema);
export type ListPasskeysResponse = z.infer<typeof listPasskeysResponseSchema>;
