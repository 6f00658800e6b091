/**
 * The premium engine (DESIGN.md §3): pure, shared by the web form (instant feedback)
 * and the server (`POST /api/engine/v1/calculate`, whose answer is the record).
 *
 *   const result = calculatePremium(request, catalogue, { today: '2026-11-21' });
 *   if (result.ok) result.value.premiumFirstYear.annual?.premium; else result.errors; // [{ field, key }]
 *
 * Everything it knows about products comes from the Catalogue (catalogue/catalogue-schema.ts):
 * no rate, factor, discount or limit is written here. Arithmetic is integer cents with the one
 * rounding rule of engine/cents.ts. Order of work:
 *  1. product, plan, ages (age last birthday on `today`), face amount, terms, riders and rider
 *     pairs are checked; every broken rule is reported (field + form error key), none priced;
 *  2. annual premium of the base plan and of each rider: face x rate / 100,000 (rate = cents per
 *     1,000 dollars); a waiver (W): the annual premiums it waives (base + R riders) x rate bp;
 *  3. per allowed mode and coverage: before = annual x modal factor bp; discount = before x
 *     (mode discount bp + large-amount discount bp for the base plan of 20,001 or more);
 *     after = before - discount; premium = after. Totals are sums of the coverages, so
 *     before - discount = after holds for the totals too.
 */
import type { Gender } from '../codes/client';
import type { PremiumMode } from '../codes/premium-modes';
import type { Catalogue, CataloguePlan, CatalogueProduct, CatalogueRider, FaceAmountRule } from '../catalogue/catalogue-schema';
import { indexCatalogue, type CatalogueIndex } from '../catalogue/catalogue-index';
import type { CalculatePremiumRequest, CalculatePremiumResponse, EngineCoverage } from '../contracts/engine/calculate-premium';
import type { FieldError } from '../errors/error-envelope';
import type { FormErrorKey } from '../errors/error-keys';
import { parseCalendarDate } from '../format/date';
import { centsToDecimal, parseMoneyToCents } from '../format/money';
import { applyBasisPoints, divRoundHalfUp } from './cents';

export interface EngineOptions {
  /** The calculation date, YYYY-MM-DD in Asia/Phnom_Penh (`todayInPhnomPenh()` of format/date.ts). */
  today: string;
}

export interface EngineFieldError extends FieldError {
  key: FormErrorKey;
}

export type EngineResult = { ok: true; value: CalculatePremiumResponse } | { ok: false; errors: EngineFieldError[] };

interface Party {
  age: number;
  gender: Gender;
}

interface PricedCoverage {
  coverageType: 'B' | 'R' | 'W';
  code: string;
  planKey: string | null;
  faceCents: number;
  annualCents: number;
}

/** Cents per 1,000.00 dollars: premium = face cents x rate / 100,000. */
const PER_THOUSAND_DIVISOR = 100_000;

export function calculatePremium(request: CalculatePremiumRequest, catalogue: Catalogue, options: EngineOptions): EngineResult {
  const index = indexCatalogue(catalogue);
  const errors = new ErrorList();

  // --- product and plan -------------------------------------------------------------------
  const product = request.productCode ? index.product(request.productCode) : undefined;
  if (!product) return errors.add('productCode', request.productCode ? 'invalid' : 'required').result();
  const planKey = request.planKey ?? product.defaultPlanKey;
  const plan = index.plan(product, planKey);
  if (!plan) return errors.add('planKey', 'invalid').result();

  // --- ages -------------------------------------------------------------------------------
  const lifeInsured = readParty(request.lifeInsured, 'lifeInsured', options.today, errors);
  const owner = request.policyOwner ? readParty(request.policyOwner, 'policyOwner', options.today, errors) : null;
  const separateOwner = request.policyOwner !== undefined;
  if (lifeInsured && (owner || !separateOwner)) checkAges(product, plan, lifeInsured, owner, errors);

  // --- face amount ------------------------------------------------------------------------
  const faceCents = readAmount(request.faceAmount, 'faceAmount', errors);
  if (faceCents !== null) checkRange(faceCents, plan.faceAmount ?? product.faceAmount, 'faceAmount', errors);

  // --- terms ------------------------------------------------------------------------------
  const policyTerm = request.policyTerm ?? product.defaultPolicyTerm;
  const termOption = product.terms.find((t) => t.policyTerm === policyTerm);
  let premiumTerm = request.premiumTerm ?? product.defaultPremiumTerm;
  if (!termOption) {
    errors.add('policyTerm', 'invalid');
  } else {
    if (request.premiumTerm === undefined && !termOption.premiumTerms.includes(premiumTerm)) {
      premiumTerm = termOption.premiumTerms[0] ?? premiumTerm;
    }
    if (!termOption.premiumTerms.includes(premiumTerm)) errors.add('premiumTerm', 'invalid');
    // Only for an age within its limits (a broken age limit is the error to report, not the term).
    if (lifeInsured && !errors.has('lifeInsured.dateOfBirth') && lifeInsured.age + policyTerm > product.maxMaturityAge) {
      errors.add('policyTerm', 'max');
    }
  }

  // --- riders -----------------------------------------------------------------------------
  const riders = checkRiders(request, product, index, { lifeInsured, owner, separateOwner, faceCents }, errors);

  if (errors.any() || !lifeInsured || faceCents === null) return errors.result();

  // --- pricing ----------------------------------------------------------------------------
  const baseRate = index.rate(plan.rateTable, lifeInsured.gender, lifeInsured.age, policyTerm, premiumTerm);
  if (baseRate === undefined) return errors.add('lifeInsured.dateOfBirth', 'invalid').result();
  const base: PricedCoverage = {
    coverageType: 'B',
    code: product.code,
    planKey: plan.planKey,
    faceCents,
    annualCents: divRoundHalfUp(faceCents * baseRate, PER_THOUSAND_DIVISOR),
  };
  const priced: PricedCoverage[] = [base];
  const waivers: { rider: CatalogueRider; party: Party; field: string }[] = [];
  for (const { rider, faceCents: riderFace, party, field } of riders) {
    const table = index.rateTable(rider.rateTable);
    if (table?.basis === 'percentOfWaived') {
      waivers.push({ rider, party, field });
      continue;
    }
    const rate = index.rate(rider.rateTable, party.gender, party.age, null, null);
    if (rate === undefined || riderFace === null) return errors.add(field, 'invalid').result();
    priced.push({
      coverageType: rider.coverageType,
      code: rider.code,
      planKey: riderPlanKey(rider, plan),
      faceCents: riderFace,
      annualCents: divRoundHalfUp(riderFace * rate, PER_THOUSAND_DIVISOR),
    });
  }
  // A waiver's premium is a share of the premiums it waives: the base plan and the R riders.
  const waived = priced.reduce((sum, c) => sum + c.annualCents, 0);
  for (const { rider, party, field } of waivers) {
    const rate = index.rate(rider.rateTable, party.gender, party.age, null, null);
    if (rate === undefined) return errors.add(field, 'invalid').result();
    priced.push({
      coverageType: rider.coverageType,
      code: rider.code,
      planKey: riderPlanKey(rider, plan),
      faceCents: waived,
      annualCents: applyBasisPoints(waived, rate),
    });
  }

  const largeAmount = faceCents >= catalogue.largeAmountDiscount.fromFaceAmount * 100;
  const totals = new Map<PremiumMode, [number, number]>();
  const coverages: EngineCoverage[] = priced.map((coverage) => {
    const premiumFirstYear: EngineCoverage['premiumFirstYear'] = {};
    for (const mode of product.premiumModes) {
      const before = applyBasisPoints(coverage.annualCents, catalogue.modalFactorsBp[mode] ?? 0);
      const discountBp =
        (catalogue.modeDiscountBp[mode] ?? 0) +
        (coverage.coverageType === 'B' && largeAmount ? catalogue.largeAmountDiscount.discountBp : 0);
      const discount = applyBasisPoints(before, discountBp);
      premiumFirstYear[mode] = modal(before, discount);
      const total = totals.get(mode) ?? [0, 0];
      totals.set(mode, [total[0] + before, total[1] + discount]);
    }
    return {
      coverageType: coverage.coverageType,
      code: coverage.code,
      planKey: coverage.planKey,
      faceAmount: centsToDecimal(coverage.faceCents),
      premiumFirstYear,
    };
  });
  const premiumFirstYear: CalculatePremiumResponse['premiumFirstYear'] = {};
  for (const [mode, [before, discount]] of totals) premiumFirstYear[mode] = modal(before, discount);

  return {
    ok: true,
    value: {
      productCode: product.code,
      planKey: plan.planKey,
      catalogueVersion: catalogue.version,
      calculationDate: options.today,
      lifeInsuredAge: lifeInsured.age,
      policyOwnerAge: owner ? owner.age : null,
      policyTerm,
      premiumTerm,
      faceAmount: centsToDecimal(faceCents),
      currency: 'USD',
      premiumFirstYear,
      coverages,
    },
  };
}

function modal(before: number, discount: number) {
  const after = before - discount;
  return {
    premium: centsToDecimal(after),
    premiumBeforeDiscount: centsToDecimal(before),
    premiumDiscount: centsToDecimal(discount),
    premiumAfterDiscount: centsToDecimal(after),
  };
}

class ErrorList {
  private readonly list: EngineFieldError[] = [];
  private readonly seen = new Set<string>();

  add(field: string, key: FormErrorKey): this {
    const id = `${field}\u0000${key}`;
    if (!this.seen.has(id)) {
      this.seen.add(id);
      this.list.push({ field, key });
    }
    return this;
  }

  has(field: string): boolean {
    return this.list.some((e) => e.field === field);
  }

  any(): boolean {
    return this.list.length > 0;
  }

  result(): { ok: false; errors: EngineFieldError[] } {
    return { ok: false, errors: this.list };
  }
}

/** Age last birthday of a YYYY-MM-DD (or DD/MM/YYYY) birth date on `today`; errors for a bad or future date. */
function readParty(
  party: { dateOfBirth: string; gender: Gender } | undefined,
  name: 'lifeInsured' | 'policyOwner',
  today: string,
  errors: ErrorList,
): Party | null {
  const field = `${name}.dateOfBirth`;
  if (!party?.dateOfBirth) {
    errors.add(field, 'required');
    return null;
  }
  if (party.gender !== 'M' && party.gender !== 'F') errors.add(`${name}.gender`, party.gender ? 'invalid' : 'required');
  const birth = parseCalendarDate(party.dateOfBirth);
  const now = parseCalendarDate(today);
  if (!now) throw new RangeError(`Not a calculation date: ${today}`);
  if (!birth || birth.year < 1000) {
    errors.add(field, 'invalid');
    return null;
  }
  const beforeBirthday = now.month < birth.month || (now.month === birth.month && now.day < birth.day);
  const age = now.year - birth.year - (beforeBirthday ? 1 : 0);
  const future =
    birth.year > now.year || (birth.year === now.year && (birth.month > now.month || (birth.month === now.month && birth.day > now.day)));
  if (future) {
    errors.add(field, 'date_not_bigger_then_current_date');
    return null;
  }
  return { age, gender: party.gender };
}

/**
 * Age limits (catalogue data, spec §5). With no separate owner the life insured is the owner:
 * both ranges apply to them. The child case (premier) lowers the life insured's minimum when a
 * separate owner of at least `child.ownerMin` buys.
 */
function checkAges(product: CatalogueProduct, plan: CataloguePlan, lifeInsured: Party, owner: Party | null, errors: ErrorList): void {
  const rules = plan.ages ?? product.ages;
  const liField = 'lifeInsured.dateOfBirth';
  const child = rules.child && owner && lifeInsured.age < rules.lifeInsured.min ? rules.child : undefined;
  const liMin = child ? child.lifeInsuredMin : rules.lifeInsured.min;
  if (lifeInsured.age < liMin) errors.add(liField, 'min');
  if (lifeInsured.age > rules.lifeInsured.max) errors.add(liField, 'max');
  if (owner) {
    const ownerMin = child ? Math.max(rules.policyOwner.min, child.ownerMin) : rules.policyOwner.min;
    if (owner.age < ownerMin) errors.add('policyOwner.dateOfBirth', 'min');
    if (owner.age > rules.policyOwner.max) errors.add('policyOwner.dateOfBirth', 'max');
  } else {
    if (lifeInsured.age < rules.policyOwner.min) errors.add(liField, 'min');
    if (lifeInsured.age > rules.policyOwner.max) errors.add(liField, 'max');
  }
}

function readAmount(input: string | undefined, field: string, errors: ErrorList): number | null {
  if (input === undefined || input.trim() === '') {
    errors.add(field, 'required');
    return null;
  }
  const cents = parseMoneyToCents(input);
  if (cents === null || cents < 0) {
    errors.add(field, 'invalid');
    return null;
  }
  return cents;
}

function checkRange(cents: number, rule: Pick<FaceAmountRule, 'min' | 'max'>, field: string, errors: ErrorList): void {
  if (cents <= 0 || cents < rule.min * 100) errors.add(field, 'min');
  else if (cents > rule.max * 100) errors.add(field, 'max');
}

interface RiderContext {
  lifeInsured: Party | null;
  owner: Party | null;
  separateOwner: boolean;
  faceCents: number | null;
}

interface CheckedRider {
  rider: CatalogueRider;
  /** Null for a waiver (CALCULATION: known once the waived premiums are). */
  faceCents: number | null;
  party: Party;
  field: string;
}

function checkRiders(
  request: CalculatePremiumRequest,
  product: CatalogueProduct,
  index: CatalogueIndex,
  context: RiderContext,
  errors: ErrorList,
): CheckedRider[] {
  const chosen = request.riders ?? [];
  const codes = chosen.map((r) => r.code);
  const checked: CheckedRider[] = [];
  chosen.forEach((entry, i) => {
    const field = `riders.${i}.code`;
    const rider = product.riders.includes(entry.code) ? index.rider(entry.code) : undefined;
    if (!entry.code) return void errors.add(field, 'required');
    if (!rider || codes.indexOf(entry.code) !== i) return void errors.add(field, 'invalid');
    if (rider.requiresSeparateOwner && !context.separateOwner) return void errors.add(field, 'invalid');
    // Rider pairs (spec §5): a rider of a "required" pair needs its companion.
    for (const pair of index.catalogue.riderPairs) {
      if (pair.kind === 'required' && pair.rider === entry.code && !codes.includes(pair.companion)) errors.add(field, 'required');
    }
    const party = rider.insured === 'policyOwner' ? (context.owner ?? context.lifeInsured) : context.lifeInsured;
    if (party) {
      if (party.age < rider.ages.min) errors.add(field, 'min');
      if (party.age > rider.ages.max) errors.add(field, 'max');
    }
    const faceCents = riderFace(rider, entry.faceAmount, context.faceCents, `riders.${i}.faceAmount`, errors);
    if (party && !errors.has(field)) checked.push({ rider, faceCents, party, field });
  });
  return checked;
}

/** A rider's face amount by its face-amount type (spec §3). */
function riderFace(
  rider: CatalogueRider,
  input: string | undefined,
  baseCents: number | null,
  field: string,
  errors: ErrorList,
): number | null {
  const rule = rider.faceAmount;
  switch (rider.faceAmountType) {
    case 'BASE_PLAN_VALUE':
      return baseCents;
    case 'BASE_PLAN_INPUT':
      return baseCents === null ? null : divRoundHalfUp(baseCents * (rule.factorPct ?? 100), 100);
    case 'SYSTEM_VALUE':
      return (rule.value ?? 0) * 100;
    case 'CALCULATION':
      return null;
    case 'LIST_OF_VALUES': {
      const cents = readAmount(input, field, errors);
      if (cents === null) return null;
      if (!(rule.options ?? []).some((option) => option * 100 === cents)) {
        errors.add(field, 'invalid');
        return null;
      }
      return cents;
    }
    case 'USER_INPUT': {
      const cents = readAmount(input, field, errors);
      if (cents === null) return null;
      checkRange(cents, { min: rule.min ?? 0, max: rule.max ?? Number.MAX_SAFE_INTEGER / 100 }, field, errors);
      if (rule.maxOfBasePct !== undefined && baseCents !== null && cents * 100 > baseCents * rule.maxOfBasePct) {
        errors.add(field, 'max');
      }
      return cents;
    }
  }
}

/** The rider's plan code for the base plan's variant (PLUR: PLU01 full, EPU01 activation), else null. */
function riderPlanKey(rider: CatalogueRider, plan: CataloguePlan): string | null {
  return rider.planKeys ? rider.planKeys[plan.variant] : null;
}
