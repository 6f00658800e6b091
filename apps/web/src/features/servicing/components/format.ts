import type { Money } from '@portal/domain/contracts/policies/value-fields';
import { formatDisplayDate } from '@portal/domain/format/date';
import { formatMoney } from '@portal/domain/format/money';
import { formatPhone } from '@portal/domain/format/phone';

/**
 * Display helpers over the domain formatters (spec §9): money with its symbol and thousands
 * separators, dates DD/MM/YYYY, phones +855 grouped. `null` gives null, so the caller decides
 * what an absent value reads as.
 */
export function showMoney(money: Money | null | undefined): string | null {
  return money ? formatMoney(money.minor, money.currency) : null;
}

export function showDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  return formatDisplayDate(iso) || null;
}

export function showPhone(phone: string | null | undefined): string | null {
  return phone ? formatPhone(phone) : null;
}

export interface PersonName {
  firstName: string;
  lastName: string;
  firstNameKh: string | null;
  lastNameKh: string | null;
}

/** The Latin name as it is written on the policy: given name, then family name. */
export function latinName(name: PersonName | null | undefined): string {
  return name ? `${name.firstName} ${name.lastName}`.trim() : '';
}

/** The Khmer name, family name first as Khmer writes it; '' when the feed has none. */
export function khmerName(name: PersonName | null | undefined): string {
  if (!name) return '';
  return [name.lastNameKh, name.firstNameKh].filter(Boolean).join(' ');
}
