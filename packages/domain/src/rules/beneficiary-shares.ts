/**
 * Beneficiary shares (spec §3: priority p primary / s secondary, each with shareBenifit). A share
 * is a whole percent from 1 to 100 (`numbericRange` otherwise); for each priority that has any
 * beneficiary the shares total exactly 100 (`invalid` on `beneficiaryShares.<priority>`); at
 * least one primary beneficiary is named (`required` on `beneficiaries`).
 */
import type { BeneficiaryPriority } from '../codes/client';
import { BENEFICIARY_PRIORITY_CODES, isBeneficiaryPriority } from '../codes/client';
import type { FieldError } from '../errors/error-envelope';

export const SHARE_TOTAL = 100;

/** A share as typed ('50', '50%', ' 50 ') as a whole number, or null when it is not one. */
export function parseShare(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  const cleaned = (value ?? '').replace(/[%,\s]/g, '');
  return /^\d{1,3}$/.test(cleaned) ? Number(cleaned) : null;
}

export function isValidShare(value: string | number | null | undefined): boolean {
  const share = parseShare(value);
  return share !== null && share >= 1 && share <= SHARE_TOTAL;
}

export interface ShareInput {
  priority?: string | null | undefined;
  shareBenifit?: string | number | null | undefined;
}

/** The total of the valid shares of each priority present. */
export function shareTotals(beneficiaries: readonly ShareInput[]): Partial<Record<BeneficiaryPriority, number>> {
  const totals: Partial<Record<BeneficiaryPriority, number>> = {};
  for (const b of beneficiaries) {
    if (!isBeneficiaryPriority(b.priority)) continue;
    totals[b.priority] = (totals[b.priority] ?? 0) + (parseShare(b.shareBenifit) ?? 0);
  }
  return totals;
}

/** Issues of the whole list (per-beneficiary field rules are in the personal-info step rules). */
export function beneficiaryShareIssues(beneficiaries: readonly ShareInput[]): FieldError[] {
  const issues: FieldError[] = [];
  if (!beneficiaries.some((b) => b.priority === 'p')) issues.push({ field: 'beneficiaries', key: 'required' });
  const totals = shareTotals(beneficiaries);
  for (const priority of BENEFICIARY_PRIORITY_CODES) {
    const total = totals[priority];
    if (total !== undefined && total !== SHARE_TOTAL) issues.push({ field: `beneficiaryShares.${priority}`, key: 'invalid' });
  }
  return issues;
}
