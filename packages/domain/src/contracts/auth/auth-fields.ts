import * as z from 'zod/mini';
import { PASSWORD_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../constants/field-limits';

/**
 * Field schemas shared by the auth contracts. A zod issue's message is a form error key
 * (errors/error-keys.ts): a missing value is `required`, a value of the wrong type `invalid`.
 * `zod/mini`: the sign-in screen loads these, and classic zod would add ~20 KB gzip to its
 * first load; the schemas are the same zod schemas to the server.
 */
const requiredOrInvalid = { error: (issue: { input: unknown }) => (issue.input === undefined ? 'required' : 'invalid') };

export function requiredString(max: number) {
  return z.string(requiredOrInvalid).check(z.trim(), z.minLength(1, { error: 'required' }), z.maxLength(max, { error: 'maxlength' }));
}

/** Usernames are matched case-insensitively; the server lower-cases them. */
export const usernameSchema = requiredString(USERNAME_MAX_LENGTH);

/**
 * A password as typed at sign-in or as the current password: not trimmed (spaces count) and not
 * judged (old passwords may predate today's rules); only bounded, so no one can make the server
 * hash a megabyte.
 */
export const passwordInputSchema = z
  .string(requiredOrInvalid)
  .check(z.minLength(1, { error: 'required' }), z.maxLength(PASSWORD_MAX_LENGTH, { error: 'maxlength' }));

/**
 * A new password: too long is a form error (`maxlength`, spec §5); everything else
 * (too short 1050, repeats 1051, sequences 1052, breached 1053, reuse 1044, weak 1006) is decided
 * by the server's rules (rules/password-policy.ts) and answered with the §8 code.
 */
export const newPasswordSchema = passwordInputSchema;

/** The opaque id of one OTP request (login, reset or profile). */
export const requestCodeSchema = requiredString(128);

/** Six digits. */
export const otpSchema = z
  .string(requiredOrInvalid)
  .check(z.trim(), z.minLength(1, { error: 'required' }), z.regex(/^\d{6}$/, { error: 'pattern' }));

/** Seconds until the OTP expires and until it may be sent again (spec §9: 2-minute countdown). */
export const otpTimingSchema = z.object({
  expiresIn: z.int().check(z.describe('seconds until the OTP expires')),
  resendIn: z.int().check(z.describe('seconds until the OTP may be sent again')),
});

export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;
