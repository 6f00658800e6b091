#!/usr/bin/env node
/**
 * Writes src/catalogue/catalogue-2026-1.rates.ts: the rate tables of catalogue version 2026.1.
 * A one-off actuarial sketch (plausible, not a real insurer's tariff) that turns a simple
 * mortality and morbidity curve into per-age rates; the OUTPUT is the data (reviewed and
 * committed), and the engine reads only that. Run: node packages/domain/scripts/generate-catalogue-rates.mjs
 *
 * Units: base plans and R riders `perThousand` = annual premium in cents per 1,000.00 of face
 * amount (the single premium for a single-premium plan); waivers `percentOfWaived` = basis points
 * of the annual premiums waived.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const v = 1 / 1.04; // 4 % interest
const q = (age, g) => (age < 18 ? 0.0006 : 0.00045 * Math.exp(0.088 * (age - 20))) * (g === 'F' ? 0.75 : 1);
const ci = (age, g) => (age < 18 ? 0.0004 : 0.0006 * Math.exp(0.075 * (age - 20))) * (g === 'F' ? 1.1 : 1);

function survival(age, g, t) {
  let p = 1;
  for (let k = 0; k < t; k += 1) p *= 1 - Math.min(q(age + k, g), 0.9);
  return p;
}
/** Net single premium of a death benefit of 1 for n years (decreasing: the sum falls linearly). */
function termInsurance(age, g, n, decreasing = false) {
  let a = 0;
  for (let t = 0; t < n; t += 1) a += v ** (t + 1) * survival(age, g, t) * q(age + t, g) * (decreasing ? (n - t) / n : 1);
  return a;
}
function annuityDue(age, g, m) {
  let a = 0;
  for (let t = 0; t < m; t += 1) a += v ** t * survival(age, g, t);
  return a;
}
const pureEndowment = (age, g, n) => v ** n * survival(age, g, n);
const cents = (dollarsPerThousand) => Math.max(1, Math.round(dollarsPerThousand * 100));

const ages = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** A per-age, per-term table of a base plan. */
function baseTable(id, terms, from, to, premium) {
  const rows = [];
  for (const { policyTerm, premiumTerms } of terms) {
    for (const premiumTerm of premiumTerms) {
      for (const g of ['M', 'F']) {
        rows.push({
          gender: g,
          policyTerm,
          premiumTerm,
          ageFrom: from,
          ageStep: 1,
          rates: ages(from, to).map((x) => cents(premium(x, g, policyTerm, premiumTerm))),
        });
      }
    }
  }
  return { id, basis: 'perThousand', rows };
}
/** A rider table in 5-year bands, independent of the term. */
function riderTable(id, basis, from, to, value) {
  const bands = [];
  for (let x = from; x <= to; x += 5) bands.push(x + 2); // priced at the middle of the band
  return {
    id,
    basis,
    rows: ['M', 'F'].map((g) => ({
      gender: g,
      policyTerm: null,
      premiumTerm: null,
      ageFrom: from,
      ageStep: 5,
      rates: bands.map((x) => Math.max(1, Math.round(value(x, g)))),
    })),
  };
}

const endowment = (maturity, loading) => (x, g, n, m) =>
  ((termInsurance(x, g, n) + maturity * pureEndowment(x, g, n)) * 1000 * loading) / annuityDue(x, g, m);
const term = (loading, fee) => (x, g, n, m) => (termInsurance(x, g, n) * 1000 * loading) / annuityDue(x, g, m) + fee;
const returnOfPremium = (loading) => (x, g, n, m) => {
  const net = (termInsurance(x, g, n) * 1000 * loading) / (annuityDue(x, g, m) - m * pureEndowment(x, g, n) * 0.9);
  return net + 0.8;
};
const medical = (base, slope, level) => (x, g) => (base + slope * (x - 18)) * (g === 'F' ? 1.08 : 1) * level;

const T = (pairs) => pairs.map(([policyTerm, premiumTerms]) => ({ policyTerm, premiumTerms }));
const tables = [
  baseTable(
    'LTU01',
    T([
      [10, [5, 10]],
      [15, [10, 15]],
      [20, [10, 15, 20]],
    ]),
    18,
    65,
    endowment(1, 1.08),
  ),
  baseTable(
    'LTU05',
    T([
      [10, [5, 10]],
      [15, [10, 15]],
      [20, [10, 15, 20]],
    ]),
    18,
    65,
    endowment(1, 1.05),
  ),
  baseTable(
    'PRU01',
    T([
      [10, [10]],
      [15, [10, 15]],
      [20, [10, 15, 20]],
    ]),
    0,
    65,
    endowment(1.05, 1.1),
  ),
  baseTable(
    'EDU01',
    T([
      [10, [10]],
      [15, [10, 15]],
      [18, [12, 18]],
    ]),
    18,
    65,
    endowment(1.1, 1.07),
  ),
  baseTable(
    'ENU01',
    T([
      [10, [5, 10]],
      [15, [10, 15]],
      [20, [10, 20]],
    ]),
    18,
    65,
    endowment(1.05, 1.06),
  ),
  baseTable(
    'TRU01',
    T([
      [10, [10]],
      [15, [15]],
      [20, [20]],
    ]),
    18,
    65,
    returnOfPremium(1.4),
  ),
  baseTable('MRU01', T([5, 10, 15, 20, 25].map((n) => [n, [1]])), 18, 65, (x, g, n) => termInsurance(x, g, n, true) * 1000 * 1.4 + 1),
  baseTable('KRU01', T([[1, [1]]]), 18, 65, term(1.5, 1.2)),
  baseTable('ATU01', T([[1, [1]]]), 18, 65, term(1.6, 1.5)),
  baseTable(
    'FPU01',
    T([
      [5, [5]],
      [10, [5, 10]],
      [15, [10, 15]],
      [20, [10, 15, 20]],
    ]),
    18,
    65,
    term(1.35, 0.5),
  ),
  baseTable(
    'THU01',
    T([
      [1, [1]],
      [5, [5]],
    ]),
    18,
    65,
    (x, g, n) => medical(18, 0.9, n === 1 ? 1 : 1.04)(x, g),
  ),
  baseTable(
    'TMU01',
    T([
      [1, [1]],
      [5, [5]],
    ]),
    18,
    65,
    (x, g, n) => medical(24, 1.1, n === 1 ? 1 : 1.04)(x, g),
  ),

  riderTable('R-TBUR', 'perThousand', 18, 60, (x, g) => (g === 'F' ? 80 : 100) + 2 * (x - 18)),
  riderTable('R-TCIR', 'perThousand', 18, 55, (x, g) => ci(x, g) * 1000 * 1.5 * 100),
  riderTable('R-CXUR', 'perThousand', 18, 60, (x, g) => ci(x, g) * 1000 * 0.9 * 100),
  riderTable('R-TCCIR', 'perThousand', 18, 55, (_x, g) => (g === 'F' ? 140 : 150)),
  riderTable('R-CBTR', 'perThousand', 18, 55, (_x, g) => (g === 'F' ? 110 : 120)),
  riderTable('R-PBTR', 'perThousand', 18, 60, (x, g) => q(x, g) * 1000 * 1.4 * 100 + 30),
  riderTable('R-WLCH', 'perThousand', 18, 60, (x, g) => medical(30, 1.2, 100)(x, g)),
  riderTable('R-WLCL', 'perThousand', 18, 60, (x, g) => medical(35, 1.3, 100)(x, g)),
  riderTable('R-WLCR', 'perThousand', 18, 60, (x, g) => medical(20, 0.8, 100)(x, g)),
  riderTable('R-WPDL', 'perThousand', 0, 60, (x, g) => q(x, g) * 1000 * 1.3 * 100 + 20),
  riderTable('R-WPDH', 'perThousand', 0, 60, (x, g) => q(x, g) * 1000 * 1.25 * 1.3 * 100 + 20),
  riderTable('R-WPCL', 'perThousand', 0, 55, (x, g) => ci(x, g) * 1000 * 1.5 * 100),
  riderTable('R-WPCH', 'perThousand', 0, 55, (x, g) => ci(x, g) * 1000 * 1.4 * 100),
  riderTable('R-PLUR', 'perThousand', 18, 55, (x, g) => q(x, g) * 1000 * 1.5 * 100 + 50),
  riderTable('R-FAUR', 'perThousand', 18, 60, (x, g) => q(x, g) * 1000 * 1.5 * 100 + 80),
  riderTable('R-PBE', 'percentOfWaived', 18, 60, (x, g) => (q(x, g) + ci(x, g)) * 10_000 * 4 + 50),
  riderTable('R-CIWOP', 'percentOfWaived', 18, 55, (x, g) => ci(x, g) * 10_000 * 6 + 40),
  riderTable('R-WPDR', 'percentOfWaived', 18, 60, (x, g) => q(x, g) * 10_000 * 5 + 40),
  riderTable('R-WPCR', 'percentOfWaived', 18, 55, (x, g) => ci(x, g) * 10_000 * 6 + 40),
];

const header = `/**
 * Rate tables of catalogue version 2026.1 (DATA, generated by
 * packages/domain/scripts/generate-catalogue-rates.mjs; do not edit by hand, regenerate).
 * perThousand: annual premium in cents per 1,000.00 of face amount (single premium for a
 * single-premium plan); percentOfWaived: basis points of the annual premiums waived.
 * Each row: rates for ages ageFrom, ageFrom + ageStep, ... (one entry per ageStep years).
 */
import type { RateTable } from './catalogue-schema';

export const RATE_TABLES_2026_1: RateTable[] = [
`;
const body = tables
  .map(
    (t) =>
      `  {\n    id: '${t.id}', basis: '${t.basis}', rows: [\n${t.rows.map((r) => `      { gender: '${r.gender}', policyTerm: ${r.policyTerm}, premiumTerm: ${r.premiumTerm}, ageFrom: ${r.ageFrom}, ageStep: ${r.ageStep}, rates: [${r.rates.join(', ')}] },`).join('\n')}\n    ],\n  },`,
  )
  .join('\n');
const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'src', 'catalogue', 'catalogue-2026-1.rates.ts');
writeFileSync(out, `${header}${body}\n];\n`);
console.log(
  `wrote ${out}: ${tables.length} tables, ${tables.reduce((n, t) => n + t.rows.reduce((m, r) => m + r.rates.length, 0), 0)} rates`,
);
