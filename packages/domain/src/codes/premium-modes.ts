/**
 * Premium modes of spec §3 and the shape of `premiumFirstYear`: per mode, premium,
 * premiumBeforeDiscount, premiumDiscount and premiumAfterDiscount (decimal strings, DESIGN.md §3).
 */
export const PREMIUM_MODES = ['annual', 'semiAnnual', 'singlePremium', 'quarterly', 'monthly'] as const;
export type PremiumMode = (typeof PREMIUM_MODES)[number];

/** Instalments per year; a single premium is paid once for the whole policy. */
export const PAYMENTS_PER_YEAR: Readonly<Record<PremiumMode, number>> = {
  annual: 1,
  semiAnnual: 2,
  quarterly: 4,
  monthly: 12,
  singlePremium: 1,
};

/** Regular (recurring) modes, largest instalment first. */
export const REGULAR_PREMIUM_MODES = ['annual', 'semiAnnual', 'quarterly', 'monthly'] as const satisfies readonly PremiumMode[];

export const PREMIUM_FIRST_YEAR_FIELDS = ['premium', 'premiumBeforeDiscount', 'premiumDiscount', 'premiumAfterDiscount'] as const;
export type PremiumFirstYearField = (typeof PREMIUM_FIRST_YEAR_FIELDS)[number];

export type ModalPremium<Amount = string> = Record<PremiumFirstYearField, Amount>;
export type PremiumFirstYear<Amount = string> = Partial<Record<PremiumMode, ModalPremium<Amount>>>;

export function isPremiumMode(value: unknown): value is PremiumMode {
  return typeof value === 'string' && (PREMIUM_MODES as readonly string[]).includes(value);
}

export function isSinglePremium(mode: PremiumMode): boolean {
  return mode === 'singlePremium';
}
