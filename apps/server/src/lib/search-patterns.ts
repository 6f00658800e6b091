import { phoneSearchDigits } from '@portal/domain/rules/search';

/** What a search term is matched against: LIKE patterns, already escaped. */
export interface SearchPatterns {
  /** Against a lower-cased, trigram-indexed search text column. */
  text: string;
  /** Against the phones as dialled at home (`012345678`), when the term looks like (part of) one. */
  phoneDigits: string | null;
}

/** `%`, `_` and `\` match themselves (LIKE's default escape character is the backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The patterns for a normalised term (trimmed, single spaces, at least 3 characters). */
export function searchPatterns(term: string): SearchPatterns {
  const digits = phoneSearchDigits(term);
  return {
    text: `%${escapeLike(term.toLowerCase())}%`,
    phoneDigits: digits === null ? null : `%${digits}%`,
  };
}
