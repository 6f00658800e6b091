/**
 * Search of spec §9: a term needs at least 3 characters (after trimming); shorter gives
 * `minlength`. The web waits SEARCH_DEBOUNCE_MS before asking; the server refuses short terms.
 */
import * as z from 'zod';
import { SEARCH_MIN_LENGTH } from '../constants/ui';
import type { FormErrorKey } from '../errors/error-keys';
import { addKeyIssue, typeError } from './generic';

/** The term as it is searched: trimmed, inner runs of spaces collapsed. */
export function normaliseSearchTerm(term: string): string {
  return term.trim().replace(/\s+/g, ' ');
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
export const searchTermSchema = z
  .string({ error: typeError })
  .transform((term, ctx) => {
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
