import { COUNTRY_CODE } from '@portal/domain/constants/locale';
import { SEARCH_MIN_LENGTH } from '@portal/domain/constants/ui';
import { nationalNumber } from '@portal/domain/format/phone';

/**
 * How policies are found (issue 7): the importer writes `search_text` and `search_phones` on each
 * policy from these functions, and search matches a term against them with `LIKE '%term%'` (both
 * trigram-indexed). Keep both sides here so they cannot drift apart.
 */

interface SearchableClient {
  firstName: string;
  lastName: string;
  firstNameKh: string | null;
  lastNameKh: string | null;
  idNumber: string | null;
  phone: string | null;
}

/** Parts joined by `|`, which no term can contain, so a match never spans two parts. */
const SEPARATOR = '|';

/** Lower-cased policy number, Latin names both orders, Khmer names both orders, ID numbers. */
export function policySearchText(policyNumber: string, clients: readonly SearchableClient[]): string {
  const parts = [policyNumber];
  for (const c of clients) {
    parts.push(`${c.firstName} ${c.lastName}`, `${c.lastName} ${c.firstName}`);
    const kh = [c.firstNameKh, c.lastNameKh].filter((v): v is string => !!v);
    if (kh.length > 0) parts.push(kh.join(' '), [...kh].reverse().join(' '));
    if (c.idNumber) parts.push(c.idNumber);
  }
  return [...new Set(parts.map((p) => p.toLowerCase().replace(/\s+/g, ' ').replace(/\|/g, ' ')))].join(SEPARATOR);
}

/** Every client's phone as dialled at home (`012345678`). */
export function policySearchPhones(clients: readonly SearchableClient[]): string {
  const phones = clients
    .map((c) => (c.phone ? nationalNumber(c.phone) : null))
    .filter((n): n is string => n !== null)
    .map((n) => `0${n}`);
  return [...new Set(phones)].join(SEPARATOR);
}

/** `%`, `_` and `\` match themselves (LIKE's default escape character is the backslash). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const PHONE_LIKE = /^\+?[\d\s().-]+$/;

/**
 * The digits a phone-like term stands for as dialled at home: `+855 12 345 678` -> `12345678`
 * (found inside `012345678`), `012 345` -> `012345`. Null when not phone-like or under 3 digits.
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

export interface PolicySearchPatterns {
  text: string;
  phoneDigits: string | null;
  /**
   * A term with 5 digits or more (a policy, ID or phone number) matches few policies: the search
   * then reads the trigram indexes and sorts the few matches, instead of walking the policy-number
   * index until 21 matches turn up (which can mean the whole book when the matches sit together
   * at its end).
   */
  selective: boolean;
}

/** Digits in a term from which on it is treated as selective. */
export const SELECTIVE_DIGITS = 5;

/** LIKE patterns for a normalised term (trimmed, single spaces, at least 3 characters). */
export function policySearchPatterns(term: string): PolicySearchPatterns {
  const digits = phoneSearchDigits(term);
  return {
    text: `%${escapeLike(term.toLowerCase())}%`,
    phoneDigits: digits === null ? null : `%${digits}%`,
    selective: term.replace(/\D/g, '').length >= SELECTIVE_DIGITS,
  };
}
