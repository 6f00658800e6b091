/**
 * Referrer codes of spec §3, their classification, and the bank each bank-related code belongs to.
 *
 * Spec: 95 and 14 are "a partner bank and its employee"; 09-13 are other partner banks; 02 insurer
 * employee; 19 insurer staff; 05 non-referred. Classification: 0 staff or non-referral, 1 bank
 * employee, 2 referral bank. Bank codes: BAANZ, BAMAY, BAABA, BAFTB, BACIM, BASPN.
 *
 * ASSUMPTION (the spec gives the codes and the banks but not the pairing): 95 is the partner bank
 * and 14 its employee, both BAANZ; 09-13 take the remaining banks in the spec's order
 * (09 BAMAY, 10 BAABA, 11 BAFTB, 12 BACIM, 13 BASPN) and classify as referral banks.
 */
export const REFERRER_CODES = ['95', '14', '09', '10', '11', '12', '13', '02', '19', '05'] as const;
export type ReferrerCode = (typeof REFERRER_CODES)[number];

export const REFERRER_CLASSIFICATIONS = { staffOrNone: 0, bankEmployee: 1, referralBank: 2 } as const;
export type ReferrerClassification = (typeof REFERRER_CLASSIFICATIONS)[keyof typeof REFERRER_CLASSIFICATIONS];

export const BANK_CODES = ['BAANZ', 'BAMAY', 'BAABA', 'BAFTB', 'BACIM', 'BASPN'] as const;
export type BankCode = (typeof BANK_CODES)[number];

interface ReferrerInfo {
  readonly description: string;
  readonly classification: ReferrerClassification;
  readonly bankCode: BankCode | null;
}

export const REFERRERS: Readonly<Record<ReferrerCode, ReferrerInfo>> = {
  '95': { description: 'partner bank', classification: 2, bankCode: 'BAANZ' },
  '14': { description: 'partner bank employee', classification: 1, bankCode: 'BAANZ' },
  '09': { description: 'partner bank', classification: 2, bankCode: 'BAMAY' },
  '10': { description: 'partner bank', classification: 2, bankCode: 'BAABA' },
  '11': { description: 'partner bank', classification: 2, bankCode: 'BAFTB' },
  '12': { description: 'partner bank', classification: 2, bankCode: 'BACIM' },
  '13': { description: 'partner bank', classification: 2, bankCode: 'BASPN' },
  '02': { description: 'insurer employee', classification: 0, bankCode: null },
  '19': { description: 'insurer staff', classification: 0, bankCode: null },
  '05': { description: 'non-referred', classification: 0, bankCode: null },
};

export const REFERRER_NON_REFERRED: ReferrerCode = '05';

export function isReferrerCode(value: unknown): value is ReferrerCode {
  return typeof value === 'string' && Object.hasOwn(REFERRERS, value);
}

export function isBankCode(value: unknown): value is BankCode {
  return typeof value === 'string' && (BANK_CODES as readonly string[]).includes(value);
}

export function referrerClassification(code: ReferrerCode): ReferrerClassification {
  return REFERRERS[code].classification;
}

/** The bank a bank-related referrer code belongs to; null for staff and non-referral codes. */
export function bankCodeForReferrer(code: ReferrerCode): BankCode | null {
  return REFERRERS[code].bankCode;
}

/** A bank referral (classification 1 or 2) makes the referral form's bank fields required. */
export function isBankReferrer(code: ReferrerCode): boolean {
  return REFERRERS[code].classification !== REFERRER_CLASSIFICATIONS.staffOrNone;
}

/** Referrer codes that belong to a bank, e.g. for the branch list `lov/branch/{bankCode}`. */
export function referrerCodesForBank(bank: BankCode): readonly ReferrerCode[] {
  return REFERRER_CODES.filter((code) => REFERRERS[code].bankCode === bank);
}
