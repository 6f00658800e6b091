import * as z from 'zod/mini';
import { isSafeText } from '../../rules/generic';
import { requestCodeSchema } from './auth-fields';
import { passkeySummarySchema } from './passkey-summary';
import { registrationResponseJsonSchema } from './webauthn-json';

/**
 * POST /api/auth/v1/bind (signed in) — verifies the attestation (challenge, origin, rpID, user
 * verification) and stores the passkey; spends the verified profile request. Failure: 422
 * `passkey_verification_failed`; spent/unknown request: 401 code 1031.
 */
export const bindPasskeyRequestSchema = z.object({
  requestCode: requestCodeSchema,
  response: registrationResponseJsonSchema,
  /** A label the user recognises ("Phone"); defaults to "Passkey". */
  name: z.optional(z.string().check(z.trim(), z.maxLength(50, { error: 'maxlength' }), z.refine(isSafeText, { error: 'invalid' }))),
});
export type BindPasskeyRequest = z.infer<typeof bindPasskeyRequestSchema>;

export const bindPasskeyResponseSchema = passkeySummarySchema;
export type BindPasskeyResponse = z.infer<typeof bindPasskeyResponseSchema>;
