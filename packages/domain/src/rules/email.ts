/**
 * Email rules of spec §5. The form rule: empty is accepted; longer than 64 characters gives
 * `maxlength`; 5 characters or fewer, or not a normal address (local part, @, domain whose last
 * part has at least 2 letters), gives `email`. The generic rule (`isEmailAddress`) allows up to
 * 254 characters with at most 64 in the local part.
 */
import * as z from 'zod';
import {
  EMAIL_GENERIC_MAX_LENGTH,
  EMAIL_LOCAL_PART_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  EMAIL_MIN_LENGTH,
  EMAIL_TLD_MIN_LENGTH,
} from '../constants/field-limits';
import type { FormErrorKey } from '../errors/error-keys';
import { addKeyIssue, isEmpty, typeError } from './generic';

const ATOM = "[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?';

/** local@domain.tld: dot-separated atoms, @, one or more labels, then a top-level part of 2+ letters. */
export const EMAIL_PATTERN = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+[A-Za-z]{${EMAIL_TLD_MIN_LENGTH},}$`);

/** The generic email validator: the pattern, at most 254 characters and 64 in the local part. */
export function isEmailAddress(value: string): boolean {
  if (value.length > EMAIL_GENERIC_MAX_LENGTH) return false;
  const at = value.lastIndexOf('@');
  if (at < 1 || at > EMAIL_LOCAL_PART_MAX_LENGTH) return false;
  return EMAIL_PATTERN.test(value);
}

/** The form's email rule: the key an email breaks, or null (an empty value is accepted). */
export function emailIssue(value: string): FormErrorKey | null {
  if (value === '') return null;
  if (value.length > EMAIL_MAX_LENGTH) return 'maxlength';
  if (value.length < EMAIL_MIN_LENGTH) return 'email';
  return isEmailAddress(value) ? null : 'email';
}

/** Optional email as the forms take it: '' passes. */
export const emailSchema = z.string({ error: typeError }).superRefine((value, ctx) => {
  const key = emailIssue(value);
  if (key) addKeyIssue(ctx, key);
});

/** Email that must be given. */
export const requiredEmailSchema = z.string({ error: typeError }).superRefine((value, ctx) => {
  const key = isEmpty(value) ? 'required' : emailIssue(value);
  if (key) addKeyIssue(ctx, key);
});
