/**
 * The engine's ONE rounding rule (docs/decisions/003-catalogue-and-premium-engine.md):
 * every amount is an integer number of cents; a derived amount is `amount x numerator /
 * denominator` computed on integers and rounded ONCE to the nearest cent, halves rounded up
 * (away from zero: every premium is non-negative). Sums and differences of cents are exact.
 */

/** round(numerator / denominator) with halves up, for numerator >= 0 and denominator > 0. */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator) || numerator < 0 || denominator <= 0) {
    throw new RangeError(`Not a non-negative integer ratio: ${numerator}/${denominator}`);
  }
  const quotient = Math.floor(numerator / denominator);
  const remainder = numerator - quotient * denominator;
  return remainder * 2 >= denominator ? quotient + 1 : quotient;
}

/** cents x basisPoints / 10,000, rounded by the rule above. */
export function applyBasisPoints(cents: number, basisPoints: number): number {
  return divRoundHalfUp(cents * basisPoints, 10_000);
}
