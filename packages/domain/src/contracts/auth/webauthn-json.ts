import * as z from 'zod';

/**
 * The JSON forms of WebAuthn credentials as browsers (and @simplewebauthn/browser) produce them.
 * Loose where the standard lets clients add members; every string bounded.
 */
const base64url = z.string().max(16_384).regex(/^[A-Za-z0-9_-]*$/, { error: 'pattern' });

const clientExtensionResultsSchema = z.looseObject({});

export const registrationResponseJsonSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type RegistrationResponseJson = z.infer<typeof registrationResponseJsonSchema>;

export const authenticationResponseJsonSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type AuthenticationResponseJson = z.infer<typeof authenticationResponseJsonSchema>;

/** `PublicKeyCredentialCreationOptionsJSON` / `...RequestOptionsJSON`: handed to the browser as is. */
export const creationOptionsJsonSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.string().optional(), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
});
export const requestOptionsJsonSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.string().optional(),
});
