import * as z from 'zod';
import { LANGUAGES } from '../../codes/languages';
import { ROLES } from '../../codes/roles';
import { okResponseSchema, requestCodeSchema } from '../auth/auth-fields';
import { changePasswordRequestSchema } from '../auth/change-password';
import { emailIssue } from '../../rules/email';
import { contactPhoneSchema } from '../contacts/contact-fields';

/**
 * GET /api/user/v1/profile — the signed-in user's account: name, agent code, agency, roles,
 * phone, e-mail, language, and their active sessions (one per sign-in: a refresh-token family
 * not revoked and not expired), the calling one marked `current`. Passkeys: GET /api/auth/v1/webauthn.
 */
export const sessionSummarySchema = z.object({
  id: z.string().uuid(),
  startedDate: z.string(),
  lastActiveDate: z.string(),
  ip: z.string().nullable(),
  current: z.boolean(),
});
export type SessionSummary = z.infer<typeof sessionSummarySchema>;

export const profileResponseSchema = z.object({
  id: z.string().uuid(),
  username: z.string(),
  displayName: z.string(),
  displayNameKh: z.string().nullable(),
  agentCode: z.string().nullable(),
  agency: z.object({ code: z.string(), name: z.string(), nameKh: z.string().nullable() }).nullable(),
  roles: z.array(z.enum(ROLES)),
  alias: z.string().nullable(),
  /** E.164 (`+85512345678`). */
  phone: z.string().nullable(),
  email: z.string().nullable(),
  preferredLang: z.enum(LANGUAGES),
  version: z.number().int(),
  sessions: z.array(sessionSummarySchema),
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** E-mail rules of spec §5; omitted: unchanged; '' or null: removed (null out). */
const profileEmailSchema = z
  .string({ error: 'invalid' })
  .nullish()
  .superRefine((value, ctx) => {
    if (value === undefined || value === null || value.trim() === '') return;
    const key = emailIssue(value.trim());
    if (key) ctx.addIssue({ code: 'custom', message: key });
  })
  .transform((value) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim()));

const versionSchema = z
  .number({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid') })
  .int({ error: 'invalid' })
  .min(1, { error: 'invalid' });

/**
 * `updateContact`: a new phone and/or e-mail. Needs a VERIFIED profile OTP request: POST
 * /api/auth/v1/otp/bind sends the OTP to the phone on file, POST /api/auth/v1/otp/verify checks
 * it, and its `requestCode` is spent here (401 1031 when missing, unverified, spent or
 * another's). `version` is the profile's (stale: 409). Phone as typed (stored E.164); an empty
 * e-mail removes it.
 */
export const updateContactRequestSchema = z.object({
  action: z.literal('updateContact'),
  phone: contactPhoneSchema.optional(),
  email: profileEmailSchema,
  requestCode: requestCodeSchema,
  version: versionSchema,
});

/** `setLanguage`: the language kept on the account; the portal switches to it at sign-in. */
export const setLanguageRequestSchema = z.object({
  action: z.literal('setLanguage'),
  preferredLang: z.enum(LANGUAGES, { error: 'invalid' }),
});

/** `signOutOtherSessions`: ends every session of the user but the calling one. */
export const signOutOthersRequestSchema = z.object({ action: z.literal('signOutOtherSessions') });

/** `signOutSession`: ends one of the user's other sessions (another's or unknown: 404). */
export const signOutSessionRequestSchema = z.object({
  action: z.literal('signOutSession'),
  sessionId: z.string().uuid({ error: 'invalid' }),
});

/**
 * POST /api/user/v1/profile: one of the actions above, or `changePassword`
 * (auth/change-password.ts, answered `{ ok: true }`). The other actions answer the profile.
 */
export const profileUpdateRequestSchema = z.discriminatedUnion(
  'action',
  [
    changePasswordRequestSchema,
    updateContactRequestSchema,
    setLanguageRequestSchema,
    signOutOthersRequestSchema,
    signOutSessionRequestSchema,
  ],
  { error: 'invalid' },
);
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;
export type UpdateContactRequest = z.infer<typeof updateContactRequestSchema>;

export const profileUpdateResponseSchema = z.union([okResponseSchema, profileResponseSchema]);
