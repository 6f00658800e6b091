import { PAYMENTS_PER_YEAR, type PremiumMode } from '../codes/premium-modes';
import { addMonths } from '../format/calendar-arithmetic';

export interface ScheduledPremium {
  dueDate: string;
  overdue: boolean;
}

/** What the schedule needs of a policy (dates are ISO calendar dates in Phnom Penh). */
export interface PremiumScheduleInput {
  status: string;
  premiumMode: PremiumMode;
  paidToDate: string | null;
  effectiveDate: string;
  premiumTerm: number | null;
}

/**
 * The premiums that fall due over the next year: the first is the paid-to date, the next ones one
 * instalment apart (12 / payments per year months), none after the premium term ends. Nothing
 * is due on a lapsed or single-premium policy. Each date is counted from the paid-to date, so
 * 31 January steps to 28/29 February and then back to 31 March.
 */
export function premiumSchedule(policy: PremiumScheduleInput, today: string): ScheduledPremium[] {
  if (policy.status === 'Lapsed' || policy.premiumMode === 'singlePremium' || !policy.paidToDate) return [];
  const perYear = PAYMENTS_PER_YEAR[policy.premiumMode];
  const months = 12 / perYear;
  const end = policy.premiumTerm ? addMonths(policy.effectiveDate, policy.premiumTerm * 12) : null;
  const dues: ScheduledPremium[] = [];
  for (let k = 0; k < perYear; k += 1) {
    const dueDate = addMonths(policy.paidToDate, k * months);
    if (end !== null && dueDate >= end) break;
    dues.push({ dueDate, overdue: dueDate < today });
  }
  return dues;
}
