import * as z from 'zod';
import { okResponseSchema, requiredString } from './auth-fields';

/** POST /api/auth/v1/delete/webauthn (signed in) — deletes one of the caller's passkeys; 404 otherwise. */
export const deletePasskeyRequestSchema = z.object({
  id: requiredString(64),
});
export type DeletePasskeyRequest = z.infer<typeof deletePasskeyRequestSchema>;

export const deletePasskeyResponseSchema = okResponseSchema;
