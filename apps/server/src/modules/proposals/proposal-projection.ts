import { PAYMENTS_PER_YEAR, type PremiumMode } from '@portal/domain/codes/premium-modes';
import type { CalculatePremiumResponse } from '@portal/domain/contracts/engine/calculate-premium';
import { parseMoneyToCents } from '@portal/domain/format/money';

/** One policy year of the benefit illustration. Amounts in cents. */
export interface ProjectionYear {
  year: number;
  /** The life insured's age (last birthday) during that year. */
  age: number;
  premiumPaid: number;
  totalPremiums: number;
  /** The base plan's sum assured, payable on death in that year. */
  deathBenefit: number;
  /** Rider sums assured (waivers excluded: they pay premiums, not a sum). */
  riderCover: number;
  /** A save product pays its sum assured at the end of the policy term; null in other years. */
  maturityBenefit: number | null;
}

const cents = (amount: string) => parseMoneyToCents(amount) ?? 0;

/**
 * A year-by-year illustration of what is paid and what is covered, from the stored quote alone:
 * premiums of the chosen mode for the premium term (a single premium in year 1), the base and
 * rider sums assured for the policy term, and the sum assured at maturity for a save product.
 * Guaranteed figures only: the catalogue holds no cash-value or bonus tables, so none are projected.
 */
export function projectBenefits(quote: CalculatePremiumResponse, mode: PremiumMode, packageType: string | null): ProjectionYear[] {
  const instalment = cents(quote.premiumFirstYear[mode]?.premium ?? '0.00');
  const yearly = mode === 'singlePremium' ? 0 : instalment * PAYMENTS_PER_YEAR[mode];
  const base = quote.coverages.find((c) => c.coverageType === 'B');
  const deathBenefit = cents(base?.faceAmount ?? quote.faceAmount);
  const riderCover = quote.coverages.filter((c) => c.coverageType === 'R').reduce((sum, c) => sum + cents(c.faceAmount), 0);
  const years: ProjectionYear[] = [];
  let total = 0;
  for (let year = 1; year <= quote.policyTerm; year++) {
    const premiumPaid = mode === 'singlePremium' ? (year === 1 ? instalment : 0) : year <= quote.premiumTerm ? yearly : 0;
    total += premiumPaid;
    years.push({
      year,
      age: quote.lifeInsuredAge + year - 1,
      premiumPaid,
      totalPremiums: total,
      deathBenefit,
      riderCover,
      maturityBenefit: packageType === 'save' && year === quote.policyTerm ? deathBenefit : null,
    });
  }
  return years;
}
