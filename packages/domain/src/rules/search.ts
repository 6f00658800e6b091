/**
 * Search of spec §9: a term needs at least 3 characters (after trimming); shorter gives
 * `minlength`. The web waits SEARCH_DEBOUNCE_MS before asking; the server refuses short terms.
 */
import * as z from 'zod';
import { SEARCH_MIN_LENGTH } from '../constants/ui';
import type { FormErrorKey } from '../errors/error-keys';
import { addKeyIssue, typeError, UNSAFE_TEXT_CHARACTERS } from './generic';
import { COUNTRY_CODE } from '../constants/locale';

const UNSAFE_TEXT_EVERYWHERE = new RegExp(UNSAFE_TEXT_CHARACTERS.source, 'g');

/**
 * The term as it is searched: without the characters no typed text needs (control characters and
 * bidirectional overrides, invisible in a search box and often pasted along with a name), trimmed,
 * inner runs of spaces collapsed. The web searches this term, so it never sends what the server's
 * text guard refuses.
 */
export function normaliseSearchTerm(term: string): string {
  return term.replace(UNSAFE_TEXT_EVERYWHERE, '').trim().replace(/\s+/g, ' ');
}

export function isSearchable(term: string): boolean {
  return normaliseSearchTerm(term).length >= SEARCH_MIN_LENGTH;
}

/** `required` when empty, `minlength` when shorter than 3, else null. */
export function searchTermIssue(term: string): FormErrorKey | null {
  const normalised = normaliseSearchTerm(term);
  if (normalised === '') return 'required';
  return normalised.length < SEARCH_MIN_LENGTH ? 'minlength' : null;
}

/** A search term; outputs the normalised term. */
export const searchTermSchema = z.string({ error: typeError }).transform((term, ctx) => {
  const key = searchTermIssue(term);
  if (key) {
    addKeyIssue(ctx, key);
    return z.NEVER;
  }
  return normaliseSearchTerm(term);
});

/** An optional search term: absent or blank gives undefined (list everything), else as above. */
export const optionalSearchTermSchema = z
  .string({ error: typeError })
  .optional()
  .transform((term, ctx) => {
    if (term === undefined || normaliseSearchTerm(term) === '') return undefined;
    const key = searchTermIssue(term);
    if (key) {
      addKeyIssue(ctx, key);
      return z.NEVER;
    }
    return normaliseSearchTerm(term);
  });

const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/**
 * The digits a phone-like search term stands for as dialled at home: `+855 12 345 678`,
 * `855-12-345678`, `0085512345678` -> `12345678` (found inside `012345678`); `012 345` ->
 * `012345`. Null when the term is not phone-like or has fewer than 3 digits.
 */
export function phoneSearchDigits(term: string): string | null {
  if (!PHONE_LIKE.test(term)) return null;
  let digits = term.replace(/\D/g, '');
  for (const prefix of [`00${COUNTRY_CODE}`, COUNTRY_CODE]) {
    if (digits.startsWith(prefix) && digits.length - prefix.length >= SEARCH_MIN_LENGTH) {
      digits = digits.slice(prefix.length);
      break;
    }
  }
  return digits.length >= SEARCH_MIN_LENGTH ? digits : null;
}
