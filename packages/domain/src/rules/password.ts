/**
 * The password form rule of spec §5: 8 to 64 characters. The spec says "otherwise maxlength";
 * we give `minlength` for too short and `maxlength` for too long, so the message fits the fault.
 * The digit, letter and special-character checks are hints only (`passwordHints`), never errors;
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

export interface PasswordHints {
  /** 8 to 64 characters. */
  length: boolean;
  /** At least one digit 0-9. */
  digit: boolean;
  /** At least one character that is not a digit. */
  nonDigit: boolean;
  /** At least one letter (any script). */
  letter: boolean;
  /** At least one character that is neither a letter, a digit nor a space. */
  special: boolean;
}

/** Which of the guiding checks a password meets. Pure; never throws, never blocks. */
export function passwordHints(password: string): PasswordHints {
  return {
    length: password.length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH,
    digit: /[0-9]/.test(password),
    nonDigit: /[^0-9]/.test(password),
    letter: /\p{L}/u.test(password),
    special: /[^\p{L}\p{N}\s]/u.test(password),
  };
}

/** How many of the five hints are met (0-5), for a simple meter. */
export function passwordHintScore(password: string): number {
  return Object.values(passwordHints(password)).filter(Boolean).length;
}
