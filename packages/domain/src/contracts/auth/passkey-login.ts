import * as z from 'zod';
import { authSessionSchema } from './auth-session';
import { authenticationResponseJsonSchema } from './webauthn-json';

/**
 * POST /api/auth/v1/webauthn (public) — passkey sign-in: verifies the assertion (challenge,
 * origin, rpID, signature, counter, user verification) and answers the same session as
 * /login/mfa. Any failure: 401 code 1024 `invalid_credentials`.
 */
export const passkeyLoginRequestSchema = z.object({
  response: authenticationResponseJsonSchema,
});
export type PasskeyLoginRequest = z.infer<typeof passkeyLoginRequestSchema>;

export const passkeyLoginResponseSchema = authSessionSchema;
export type PasskeyLoginResponse = z.infer<typeof passkeyLoginResponseSchema>;
