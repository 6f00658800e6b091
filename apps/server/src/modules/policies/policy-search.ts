import { nationalNumber } from '@portal/domain/format/phone';
import { searchPatterns, type SearchPatterns } from '../../lib/search-patterns';

/**
 * How policies are found: the importer writes `search_text` and `search_phones` on each
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

export interface PolicySearchPatterns extends SearchPatterns {
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
  return {
    ...searchPatterns(term),
    selective: term.replace(/\D/g, '').length >= SELECTIVE_DIGITS,
  };
}
