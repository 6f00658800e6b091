/**
 * The password form rule of spec §5: 8 to 64 characters. The spec says "otherwise maxlength";
 * we give `minlength` for too short and `maxlength` for too long, so the message fits the fault.
 * The digit, letter and special-character checks are hints only (rules/password-hints.ts), never errors;
 * the server's own rules and §8 codes (rules/password-policy.ts) decide the rest.
 */
import * as z from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants/field-limits';
import type { FormErrorKey } from '../errors/error-keys';
import { addKeyIssue, typeError } from './generic';

/** The key a new password breaks on the form (`required`, `minlength`, `maxlength`), or null. */
export function passwordIssue(password: string): FormErrorKey | null {
  if (password === '') return 'required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'minlength';
  if (password.length > PASSWORD_MAX_LENGTH) return 'maxlength';
  return null;
}

/** A new password as the forms check it; not trimmed (spaces count). */
export const passwordSchema = z.string({ error: typeError }).superRefine((value, ctx) => {
  const key = passwordIssue(value);
  if (key) addKeyIssue(ctx, key);
});
