import { PAYMENTS_PER_YEAR } from '@portal/domain/codes/premium-modes';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { addMonths } from './iso-dates';

export interface ScheduledPremium {
  dueDate: string;
  overdue: boolean;
}

/**
 * The premiums that fall due over the next year: the first is the paid-to date, the next ones one
 * instalment apart (12 / payments per year months), none after the premium term ends. Nothing
 * is due on a lapsed or single-premium policy. Each date is counted from the paid-to date, so
 * 31 January steps to 28/29 February and then back to 31 March.
 */
export function premiumSchedule(detail: PolicyDetailsResponse, today: string): ScheduledPremium[] {
  if (detail.status === 'Lapsed' || detail.premiumMode === 'singlePremium' || !detail.paidToDate) return [];
  const perYear = PAYMENTS_PER_YEAR[detail.premiumMode];
  const months = 12 / perYear;
  const start = detail.paidToDate;
  const end = detail.premiumTerm ? addMonths(detail.effectiveDate, detail.premiumTerm * 12) : null;
  const dues: ScheduledPremium[] = [];
  for (let k = 0; k < perYear; k += 1) {
    const dueDate = addMonths(start, k * months);
    if (end !== null && dueDate >= end) break;
    dues.push({ dueDate, overdue: dueDate < today });
  }
  return dues;
}
