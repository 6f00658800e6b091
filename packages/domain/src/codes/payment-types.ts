/**
 * Premium payment types of spec §3, and the premium bank code 005 (which is a bank, so a
 * payment through it is a bank payment).
 */
export const PAYMENT_TYPES = {
  CDB: 'cashDepositThroughBank',
  CHQ: 'cheque',
  CS: 'cash',
  WING: 'mobileMoneyWallet',
  PTPP: 'policyToPolicyTransfer',
} as const;
export type PaymentType = keyof typeof PAYMENT_TYPES;
export const PAYMENT_TYPE_CODES = Object.keys(PAYMENT_TYPES) as readonly PaymentType[];

export const PREMIUM_BANK_CODE = '005';

/** Payment types that go through a bank account and so name a bank. */
export const BANK_PAYMENT_TYPES = ['CDB', 'CHQ'] as const satisfies readonly PaymentType[];

export function isPaymentType(value: unknown): value is PaymentType {
  return typeof value === 'string' && Object.hasOwn(PAYMENT_TYPES, value);
}

export function isBankPayment(type: PaymentType): boolean {
  return (BANK_PAYMENT_TYPES as readonly PaymentType[]).includes(type);
}
