import * as z from 'zod';
import { requestCodeSchema } from './auth-fields';
import { creationOptionsJsonSchema } from './webauthn-json';

/**
 * POST /api/auth/v1/attestations (signed in) — registration options for
 * `navigator.credentials.create` (or @simplewebauthn/browser `startRegistration`). Needs a
 * `profile` request verified by /otp/verify (else 401 code 1031). User verification is required.
 */
export const passkeyRegistrationOptionsRequestSchema = z.object({
  requestCode: requestCodeSchema,
});
export type PasskeyRegistrationOptionsRequest = z.infer<typeof passkeyRegistrationOptionsRequestSchema>;

export const passkeyRegistrationOptionsResponseSchema = creationOptionsJsonSchema;
export type PasskeyRegistrationOptionsResponse = z.infer<typeof passkeyRegistrationOptionsResponseSchema>;
