/**
 * Remote signature of the declaration (beyond spec §7; decision 014): from step 3 of the wizard
 * the advisor sends the policy owner (and a life insured who is another adult) an SMS with a
 * signed, expiring, single-use link. On their own phone, without an account, the customer opens
 * it, proves the phone with a one-time code, reads a summary of the application in their language
 * and signs it with a drawn signature. The server keeps the signature with its evidence.
 *
 * Advisor:
 * - POST /api/appform/v1/remote-sign/{id} `{ party, lang }` — 201 with the masked phone; 422
 *   `remote_sign_no_phone` when the signer's contact has no phone, `remote_sign_party` when the
 *   party does not sign remotely; 429 past REMOTE_SIGN_SENDS_PER_DAY sends for one signer.
 * - GET /api/appform/v1/remote-sign/{id} — each required signer's state.
 *
 * Customer (the link's token, then the session token in `X-Sign-Token`, are the permission):
 * - POST /api/customer/v1/sign/open `{ token }` — spends the link (410 `link_expired` when
 *   expired, used, replaced or forged), sends the first code, answers a session token.
 * - POST /api/customer/v1/sign/code — another code (429 past REMOTE_SIGN_CODES_PER_HOUR).
 * - POST /api/customer/v1/sign/verify `{ code }` — 422 `sign_code_wrong`; the
 *   REMOTE_SIGN_CODE_FAILURES-th wrong code kills the link (410 `sign_code_locked`).
 * - GET /api/customer/v1/sign/summary?lang= — the summary to sign (after the code).
 * - POST /api/customer/v1/sign `{ image, lang, summaryHash }` — 201; 409 `sign_summary_changed`
 *   when the application changed since the summary was read.
 */
import * as z from 'zod';
import { LANGUAGES } from '../../codes/languages';
import { SIGNATURE_IMAGE_MAX_LENGTH, SIGNATURE_IMAGE_PREFIX } from './application-steps';

/** How long the link in the SMS may be opened (once). */
export const REMOTE_SIGN_LINK_TTL_SECONDS = 72 * 60 * 60;
/** How long the customer's page may verify and sign after opening the link. */
export const REMOTE_SIGN_SESSION_TTL_SECONDS = 60 * 60;
/** How long a one-time code is valid. */
export const REMOTE_SIGN_CODE_TTL_SECONDS = 5 * 60;
/** Links sent for one signer of one application within 24 hours. */
export const REMOTE_SIGN_SENDS_PER_DAY = 5;
/** Codes sent for one link within an hour. */
export const REMOTE_SIGN_CODES_PER_HOUR = 5;
/** Wrong codes that kill a link. */
export const REMOTE_SIGN_CODE_FAILURES = 5;
/** The header that carries the page's session token (not `Authorization`: no account). */
export const SIGN_TOKEN_HEADER = 'x-sign-token';

export const REMOTE_SIGN_NO_PHONE_KEY = 'remote_sign_no_phone';
export const REMOTE_SIGN_PARTY_KEY = 'remote_sign_party';
export const SIGN_CODE_WRONG_KEY = 'sign_code_wrong';
export const SIGN_CODE_LOCKED_KEY = 'sign_code_locked';
export const SIGN_SUMMARY_CHANGED_KEY = 'sign_summary_changed';

/** Who may sign remotely (the advisor signs in person). */
export const REMOTE_SIGN_PARTIES = ['policyOwner', 'lifeInsured'] as const;
export type RemoteSignParty = (typeof REMOTE_SIGN_PARTIES)[number];

export const sendRemoteSignRequestSchema = z.object({
  party: z.enum(REMOTE_SIGN_PARTIES, { error: 'invalid' }),
  /** The language of the SMS and of the customer's page (the customer may switch). */
  lang: z.enum(LANGUAGES, { error: 'invalid' }),
});
export type SendRemoteSignRequest = z.infer<typeof sendRemoteSignRequestSchema>;

export const sendRemoteSignResponseSchema = z.object({
  maskedPhone: z.string(),
  /** Date-time with the +07:00 offset: the link's end. */
  expiresAt: z.string(),
  expiresIn: z.number(),
});
export type SendRemoteSignResponse = z.infer<typeof sendRemoteSignResponseSchema>;

/** A signer's state: signed in person, signed remotely, a link sent and waiting, or nothing yet. */
export const SIGNER_STATES = ['inPerson', 'remote', 'sent', 'none'] as const;
export type SignerState = (typeof SIGNER_STATES)[number];

/** A remote signature as the rules see it. */
export const remoteSignatureSchema = z.object({
  party: z.enum(REMOTE_SIGN_PARTIES),
  /** Date-time with the +07:00 offset. */
  signedAt: z.string(),
  maskedPhone: z.string(),
});
export type RemoteSignature = z.infer<typeof remoteSignatureSchema>;

export const remoteSignStatusResponseSchema = z.object({
  /** Remote signatures that still match the application as it is now. */
  signatures: z.array(remoteSignatureSchema),
  /** Links sent and not yet signed, live. */
  pending: z.array(z.object({ party: z.enum(REMOTE_SIGN_PARTIES), maskedPhone: z.string(), expiresAt: z.string() })),
});
export type RemoteSignStatusResponse = z.infer<typeof remoteSignStatusResponseSchema>;

export const openSignLinkRequestSchema = z.object({ token: z.string().min(1).max(2000) });

export const openSignLinkResponseSchema = z.object({
  sessionToken: z.string(),
  expiresIn: z.number(),
  party: z.enum(REMOTE_SIGN_PARTIES),
  lang: z.enum(LANGUAGES),
  /** Where the code went. */
  maskedPhone: z.string(),
  codeExpiresIn: z.number(),
});
export type OpenSignLinkResponse = z.infer<typeof openSignLinkResponseSchema>;

export const signCodeResponseSchema = z.object({ maskedPhone: z.string(), codeExpiresIn: z.number() });
export type SignCodeResponse = z.infer<typeof signCodeResponseSchema>;

export const verifySignCodeRequestSchema = z.object({ code: z.string().regex(/^\d{6}$/, { error: 'invalid' }) });

export const signSummaryQuerySchema = z.object({ lang: z.enum(LANGUAGES, { error: 'invalid' }) });

/**
 * What the customer reads and signs, in one language, as the server wrote it: labelled lines in
 * words (never codes) and the declaration. `hash` is the SHA-256 (hex) of `text`, the canonical
 * form of exactly these lines and the declaration.
 */
export const signSummarySchema = z.object({
  lang: z.enum(LANGUAGES),
  party: z.enum(REMOTE_SIGN_PARTIES),
  lines: z.array(z.object({ label: z.string(), value: z.string() })),
  declaration: z.string(),
  text: z.string(),
  hash: z.string(),
});
export type SignSummary = z.infer<typeof signSummarySchema>;

export const signDeclarationRequestSchema = z.object({
  image: z
    .string()
    .max(SIGNATURE_IMAGE_MAX_LENGTH)
    .refine((value) => value.startsWith(SIGNATURE_IMAGE_PREFIX), 'invalid'),
  lang: z.enum(LANGUAGES, { error: 'invalid' }),
  summaryHash: z.string().regex(/^[0-9a-f]{64}$/, { error: 'invalid' }),
});
export type SignDeclarationRequest = z.infer<typeof signDeclarationRequestSchema>;

export const signDeclarationResponseSchema = z.object({ signedAt: z.string() });
export type SignDeclarationResponse = z.infer<typeof signDeclarationResponseSchema>;
