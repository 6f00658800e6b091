/**
 * Branches of the partner banks (`GET /api/appform/v1/lov/branch/{bankCode}`), the referral form's
 * `department`. ASSUMPTION: the spec names the call and the bank codes, not the branches; this list
 * of each bank's main Cambodian branches is seed data until the insurer's core system feeds it.
 */
import type { BankCode } from './referrers';

export interface BankBranch {
  code: string;
  name: string;
  nameKh: string;
}

const b = (code: string, name: string, nameKh: string): BankBranch => ({ code, name, nameKh });

export const BANK_BRANCHES: Readonly<Record<BankCode, readonly BankBranch[]>> = {
  BAANZ: [b('001', 'Phnom Penh Head Office', 'ការិយាល័យកណ្តាលភ្នំពេញ'), b('002', 'Siem Reap', 'សៀមរាប'), b('003', 'Battambang', 'បាត់ដំបង')],
  BAMAY: [b('001', 'Phnom Penh Main Branch', 'សាខាធំភ្នំពេញ'), b('002', 'Sihanoukville', 'ក្រុងព្រះសីហនុ'), b('003', 'Kampong Cham', 'កំពង់ចាម')],
  BAABA: [b('001', 'Phnom Penh Main Branch', 'សាខាធំភ្នំពេញ'), b('002', 'Siem Reap', 'សៀមរាប')],
  BAFTB: [b('001', 'Phnom Penh Main Branch', 'សាខាធំភ្នំពេញ'), b('002', 'Battambang', 'បាត់ដំបង')],
  BACIM: [b('001', 'Phnom Penh Main Branch', 'សាខាធំភ្នំពេញ'), b('002', 'Takeo', 'តាកែវ'), b('003', 'Kampot', 'កំពត')],
  BASPN: [b('001', 'Phnom Penh Main Branch', 'សាខាធំភ្នំពេញ'), b('002', 'Poipet', 'ប៉ោយប៉ែត')],
};

export function branchesOf(bank: BankCode): readonly BankBranch[] {
  return BANK_BRANCHES[bank];
}

export function isBranchOf(bank: BankCode, code: string): boolean {
  return BANK_BRANCHES[bank].some((branch) => branch.code === code);
}
