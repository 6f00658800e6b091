import { COUNTRY_CODE } from '@portal/domain/constants/locale';
import { SEARCH_MIN_LENGTH } from '@portal/domain/constants/ui';

/** What a search term is matched against; LIKE patterns, already escaped. */
export interface ContactSearchPatterns {
  /** Against `search_text` (lower-cased Latin names, Khmer names, ID number). */
  text: string;
  /** Against `phone_local` (`012345678`), when the term looks like (part of) a phone number. */
  phoneDigits: string | null;
}

/** `%`, `_` and `\` match themselves (LIKE's default escape character is the backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/**
 * The digits a phone-like term stands for as dialled at home: `+855 12 345 678`,
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

/** The patterns for a normalised term (trimmed, single spaces, at least 3 characters). */
export function contactSearchPatterns(term: string): ContactSearchPatterns {
  const digits = phoneSearchDigits(term);
  return {
    text: `%${escapeLike(term.toLowerCase())}%`,
    phoneDigits: digits === null ? null : `%${digits}%`,
  };
}
