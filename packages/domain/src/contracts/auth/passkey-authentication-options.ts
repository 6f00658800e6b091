import * as z from 'zod';
import { requestOptionsJsonSchema } from './webauthn-json';

/**
 * POST /api/auth/v1/assertions (public) — options for `navigator.credentials.get`. Passkeys are
 * discoverable, so no credential list is sent: the answer is the same for every username and
 * tells nothing about who has a passkey. `username` is accepted for older clients and ignored.
 */
export const passkeyAuthenticationOptionsRequestSchema = z
  .object({
    username: z.string().max(64, { error: 'maxlength' }).optional(),
  })
  .optional();
export type PasskeyAuthenticationOptionsRequest = z.infer<typeof passkeyAuthenticationOptionsRequestSchema>;

export const passkeyAuthenticationOptionsResponseSchema = requestOptionsJsonSchema;
export type PasskeyAuthenticationOptionsResponse = z.infer<typeof passkeyAuthenticationOptionsResponseSchema>;
