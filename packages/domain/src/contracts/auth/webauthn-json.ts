import * as z from 'zod/mini';

/**
 * The JSON forms of WebAuthn credentials as browsers (and @simplewebauthn/browser) produce them.
 * Loose where the standard lets clients add members; every string bounded.
 */
const base64url = z.string().check(z.maxLength(16_384), z.regex(/^[A-Za-z0-9_-]*$/, { error: 'pattern' }));

const clientExtensionResultsSchema = z.looseObject({});

export const registrationResponseJsonSchema = z.object({
  id: base64url,
  rawId: base64url,
  type: z.literal('public-key'),
  response: z.looseObject({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: z.optional(base64url),
    transports: z.optional(z.array(z.string().check(z.maxLength(32))).check(z.maxLength(10))),
    publicKeyAlgorithm: z.optional(z.int()),
    publicKey: z.optional(base64url),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
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
    userHandle: z.optional(base64url),
  }),
  authenticatorAttachment: z.optional(z.enum(['platform', 'cross-platform'])),
  clientExtensionResults: clientExtensionResultsSchema,
});
export type AuthenticationResponseJson = z.infer<typeof authenticationResponseJsonSchema>;

/** `PublicKeyCredentialCreationOptionsJSON` / `...RequestOptionsJSON`: handed to the browser as is. */
export const creationOptionsJsonSchema = z.looseObject({
  challenge: z.string(),
  rp: z.looseObject({ id: z.optional(z.string()), name: z.string() }),
  user: z.looseObject({ id: z.string(), name: z.string(), displayName: z.string() }),
});
export const requestOptionsJsonSchema = z.looseObject({
  challenge: z.string(),
  rpId: z.optional(z.string()),
});
