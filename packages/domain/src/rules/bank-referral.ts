/**
 * The bank referral rule of spec §5: when isBankReferal is true, bank, department, referrer,
 * isSupervisor, supervisor and referralDate are all required, otherwise `bankReferralValidator`.
 * The issue goes on EACH missing field (path = the field's name), so a form marks the fields and
 * a 422 answer names them; nothing is put at the form root. isSupervisor counts as given when it
 * is true or false. A given referralDate must also be a valid date not later than today.
 */
import * as z from 'zod';
import type { Clock } from '../format/date';
import { optionalPastDateSchema } from './dates';
import { addKeyIssue, isEmpty } from './generic';
import { RUN_WITH_FIELD_ISSUES } from './must-match';

export const BANK_REFERRAL_FIELDS = ['bank', 'department', 'referrer', 'isSupervisor', 'supervisor', 'referralDate'] as const;
export type BankReferralField = (typeof BANK_REFERRAL_FIELDS)[number];

export interface BankReferralValues {
  isBankReferal?: boolean | null;
  bank?: string | null;
  department?: string | null;
  referrer?: string | null;
  isSupervisor?: boolean | null;
  supervisor?: string | null;
  referralDate?: string | null;
}

/** The fields a bank referral is missing; none when it is not a bank referral. */
export function missingBankReferralFields(values: BankReferralValues): BankReferralField[] {
  if (values.isBankReferal !== true) return [];
  return BANK_REFERRAL_FIELDS.filter((field) => isEmpty(values[field]));
}

/** superRefine step: `bankReferralValidator` on each missing field. Safe on any value. */
export function refineBankReferral(value: unknown, ctx: z.RefinementCtx): void {
  if (typeof value !== 'object' || value === null) return;
  for (const field of missingBankReferralFields(value as BankReferralValues)) {
    addKeyIssue(ctx, 'bankReferralValidator', [field]);
  }
}

const optionalText = z.string().nullish();

/** The referral form. referralDate is output as YYYY-MM-DD. */
export function bankReferralSchema(options: { now?: Clock } = {}) {
  return z
    .object({
      isBankReferal: z.boolean().nullish(),
      bank: optionalText,
      department: optionalText,
      referrer: optionalText,
      isSupervisor: z.boolean().nullish(),
      supervisor: optionalText,
      referralDate: optionalPastDateSchema(options),
    })
    .superRefine(refineBankReferral, RUN_WITH_FIELD_ISSUES);
}

export type BankReferralForm = z.output<ReturnType<typeof bankReferralSchema>>;
