import { CURRENCY_KHR, CURRENCY_USD, type CurrencyCode } from '@portal/domain/codes/currencies';
import type { PolicyStatus } from '@portal/domain/codes/policy-codes';
import type { PremiumMode } from '@portal/domain/codes/premium-modes';
import { PAYMENTS_PER_YEAR } from '@portal/domain/codes/premium-modes';
import { POLICY_FEED_FORMAT, POLICY_FEED_VERSION } from '@portal/domain/contracts/policies/policy-feed';
import { addDays } from '../modules/policies/policy-dates';

/**
 * The demo policy feed: a few hundred policies for the demo advisors, generated
 * deterministically (a seeded PRNG, a fixed `asOf`), written to apps/server/demo-data/policies.json
 * by `npx tsx apps/server/src/commands/generate-demo-policies.ts` and loaded through the same
 * importer as a real feed (PORTAL_DEMO=1 rebases its dates to today). It covers every status,
 * premium mode, payment type and both currencies, Latin and Khmer names, claims, feed
 * milestones and pending requirements.
 */
export const DEMO_FEED_AS_OF = '2026-11-21';
export const DEMO_AGENTS = [
  { username: 'demo.aap', policies: 130 },
  { username: 'demo.aap2', policies: 90 },
  { username: 'demo.bk', policies: 80 },
] as const;

/** mulberry32: small, fast, deterministic. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const FAMILY_NAMES: readonly (readonly [string, string])[] = [
  ['Chan', 'ចាន់'],
  ['Sok', 'សុខ'],
  ['Keo', 'កែវ'],
  ['Lim', 'លឹម'],
  ['Meas', 'មាស'],
  ['Heng', 'ហេង'],
  ['Ouk', 'អ៊ុក'],
  ['Chea', 'ជា'],
  ['Ly', 'លី'],
  ['Phan', 'ផាន់'],
  ['Seng', 'សេង'],
  ['Touch', 'ទូច'],
  ['Kim', 'គីម'],
  ['Nhem', 'ញឹម'],
  ['Pen', 'ប៉ែន'],
  ['Sim', 'ស៊ីម'],
  ['Long', 'ឡុង'],
  ['Mao', 'ម៉ៅ'],
  ['Yim', 'យឹម'],
  ['Hong', 'ហុង'],
] as const;
export const GIVEN_NAMES_M: readonly (readonly [string, string])[] = [
  ['Sokha', 'សុខា'],
  ['Dara', 'ដារា'],
  ['Vannak', 'វណ្ណៈ'],
  ['Rithy', 'រិទ្ធី'],
  ['Piseth', 'ពិសិដ្ឋ'],
  ['Vichea', 'វិជ្ជា'],
  ['Kosal', 'កុសល'],
  ['Veasna', 'វាសនា'],
  ['Bunthoeun', 'ប៊ុនធឿន'],
  ['Narith', 'ណារិទ្ធ'],
  ['Samnang', 'សំណាង'],
  ['Visal', 'វិសាល'],
  ['Rotha', 'រដ្ឋា'],
  ['Makara', 'មករា'],
] as const;
export const GIVEN_NAMES_F: readonly (readonly [string, string])[] = [
  ['Sreymom', 'ស្រីមុំ'],
  ['Chenda', 'ចិន្តា'],
  ['Bopha', 'បុប្ផា'],
  ['Sophea', 'សុភា'],
  ['Sreyneang', 'ស្រីនាង'],
  ['Malis', 'ម្លិះ'],
  ['Sothea', 'សុធា'],
  ['Chantha', 'ចន្ថា'],
  ['Leakhena', 'លក្ខិណា'],
  ['Sreyleak', 'ស្រីលក្ខណ៍'],
  ['Kanha', 'កញ្ញា'],
  ['Thida', 'ធីតា'],
  ['Pisey', 'ពិសី'],
  ['Sopheap', 'សុភាព'],
] as const;
const PHONE_PREFIXES = ['12', '17', '77', '89', '92', '96', '97', '10', '15', '16', '69', '70', '81', '85', '86', '87', '88', '93', '98'];
const STREETS = [
  'Street 271',
  'Street 63',
  'Monivong Blvd',
  'Norodom Blvd',
  'Street 2004',
  'Russian Blvd',
  'Street 598',
  'Kampuchea Krom Blvd',
];
const DISTRICTS = [
  'Sangkat Tuol Tumpung, Khan Chamkar Mon, Phnom Penh',
  'Sangkat Boeng Keng Kang, Phnom Penh',
  'Sangkat Toul Kork, Phnom Penh',
  'Sangkat Svay Dangkum, Siem Reap',
  'Sangkat Kampong Cham, Kampong Cham',
  'Sangkat Prey Sa, Khan Dangkao, Phnom Penh',
];
const OCCUPATIONS = [
  'Teacher',
  'Engineer',
  'Business owner',
  'Nurse',
  'Accountant',
  'Farmer',
  'Civil servant',
  'Shop owner',
  'Student',
  'Driver',
];
const PRODUCTS = ['LPTL', 'MLPX', 'EDU', 'ENDW', 'TRRP', 'MRTA', 'KRUR', 'TERM', 'THCR', 'TMCR'] as const;
const RIDERS = [
  ['TCIR', 'R'],
  ['PBTR', 'R'],
  ['CBTR', 'R'],
  ['WLCH', 'R'],
  ['FAUR', 'R'],
  ['PLUR', 'R'],
  ['CIWOP', 'W'],
] as const;
const PENDING = [
  ['MED01', 'Medical examination report', 'របាយការណ៍ពិនិត្យសុខភាព'],
  ['IDC01', "Copy of the life insured's national ID card", 'ច្បាប់ចម្លងអត្តសញ្ញាណប័ណ្ណរបស់អ្នកត្រូវបានធានារ៉ាប់រង'],
  ['BNK01', 'Bank account confirmation for the premium debit', 'លិខិតបញ្ជាក់គណនីធនាគារសម្រាប់ការកាត់ប្រាក់បុព្វលាភ'],
  ['SIG01', 'Signed policy acknowledgement form', 'ទម្រង់ទទួលស្គាល់បណ្ណសន្យារ៉ាប់រងដែលបានចុះហត្ថលេខា'],
  ['BEN01', "Proof of the beneficiary's relationship to the life insured", 'ភស្តុតាងបញ្ជាក់ទំនាក់ទំនងរបស់អ្នកទទួលផលជាមួយអ្នកត្រូវបានធានារ៉ាប់រង'],
  ['HLT01', 'Health declaration form', 'ទម្រង់ប្រកាសសុខភាព'],
] as const;
const PAYMENT_TYPES = ['CDB', 'CHQ', 'CS', 'WING', 'PTPP'] as const;
const PAYMENT_WEIGHTS = [30, 10, 22, 30, 8];
const CLAIM_TYPES = ['hospitalisation', 'criticalIllness', 'accident', 'disability', 'death'] as const;
const CLAIM_STATUSES = ['submitted', 'inReview', 'approved', 'declined', 'paid'] as const;
const MODES: PremiumMode[] = ['annual', 'semiAnnual', 'quarterly', 'monthly', 'singlePremium'];
const MODE_WEIGHTS = [30, 15, 15, 35, 5];
const RIEL_PER_DOLLAR = 4100;
/** The feed carries at most this many past payments per policy (the last three years of a monthly policy). */
const MAX_PAYMENTS = 36;

type Rand = () => number;
const pick = <T>(r: Rand, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;
const between = (r: Rand, min: number, max: number): number => min + Math.floor(r() * (max - min + 1));
function weighted<T>(r: Rand, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = r() * total;
  for (let i = 0; i < items.length; i++) {
    x -= weights[i] ?? 0;
    if (x < 0) return items[i] as T;
  }
  return items[items.length - 1] as T;
}

function addMonths(iso: string, months: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const total = y * 12 + (m - 1) + months;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** Decimal text of minor units. */
const money = (minor: number, currency: CurrencyCode): string =>
  currency === CURRENCY_USD ? `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}` : String(minor);

interface Person {
  firstName: string;
  lastName: string;
  firstNameKh: string | null;
  lastNameKh: string | null;
  gender: 'M' | 'F';
  dateOfBirth: string;
}

function person(r: Rand, asOf: string, minAge: number, maxAge: number, khmer = true): Person {
  const gender = r() < 0.5 ? 'M' : 'F';
  const [family, familyKh] = pick(r, FAMILY_NAMES);
  const [given, givenKh] = pick(r, gender === 'M' ? GIVEN_NAMES_M : GIVEN_NAMES_F);
  const age = between(r, minAge, maxAge);
  const dateOfBirth = addDays(`${Number(asOf.slice(0, 4)) - age}-01-01`, between(r, 0, 364));
  return {
    firstName: given,
    lastName: family,
    firstNameKh: khmer ? givenKh : null,
    lastNameKh: khmer ? familyKh : null,
    gender,
    dateOfBirth,
  };
}

function phoneText(r: Rand): string {
  const prefix = pick(r, PHONE_PREFIXES);
  const rest = String(between(r, 100000, 999999)) + (prefix.startsWith('9') && r() < 0.4 ? String(between(r, 0, 9)) : '');
  const style = between(r, 0, 2);
  if (style === 0) return `0${prefix}${rest}`;
  if (style === 1) return `+855 ${prefix} ${rest.slice(0, 3)} ${rest.slice(3)}`;
  return `0${prefix}-${rest.slice(0, 3)}-${rest.slice(3)}`;
}

function client(r: Rand, linkType: 'O' | 'I' | 'P', p: Person, child = false) {
  const passport = r() < 0.1;
  return {
    linkType,
    ...p,
    idType: child ? null : passport ? '2' : '1',
    idNumber: child ? null : passport ? `N${between(r, 10000000, 99999999)}` : String(between(r, 100000000, 999999999)),
    phone: child ? null : phoneText(r),
    email: !child && r() < 0.4 ? `${p.firstName.toLowerCase()}.${p.lastName.toLowerCase()}${between(r, 1, 99)}@example.com` : null,
    occupation: child ? 'Student' : pick(r, OCCUPATIONS),
    address: `No. ${between(r, 1, 250)}, ${pick(r, STREETS)}, ${pick(r, DISTRICTS)}`,
  };
}

export interface DemoFeed {
  format: typeof POLICY_FEED_FORMAT;
  version: typeof POLICY_FEED_VERSION;
  asOf: string;
  source: string;
  policies: Record<string, unknown>[];
}

/** The demo feed; the same arguments always give the same feed. */
export function generateDemoPolicyFeed(options: { asOf?: string; seed?: number } = {}): DemoFeed {
  const asOf = options.asOf ?? DEMO_FEED_AS_OF;
  const r = prng(options.seed ?? 20261121);
  const policies: Record<string, unknown>[] = [];
  let serial = 100000000;
  let referenceSerial = 500000;
  const numbers: string[] = [];

  for (const agent of DEMO_AGENTS) {
    for (let n = 0; n < agent.policies; n++) {
      serial += between(r, 1, 37);
      const policyNumber = `P${serial}`;
      numbers.push(policyNumber);
      const productCode = pick(r, PRODUCTS);
      const currency: CurrencyCode = r() < 0.15 ? CURRENCY_KHR : CURRENCY_USD;
      const premiumMode = weighted(r, MODES, MODE_WEIGHTS);
      // A single premium is paid up front: such a policy cannot fall into grace or lapse.
      const statusDraw: PolicyStatus = weighted(r, ['Active', 'Grace', 'Lapsed'] as const, [75, 13, 12]);
      const status: PolicyStatus = premiumMode === 'singlePremium' ? 'Active' : statusDraw;
      const term = pick(r, [5, 10, 15, 20, 25]);
      const monthsPerPeriod = premiumMode === 'singlePremium' ? 0 : 12 / PAYMENTS_PER_YEAR[premiumMode];
      // Start: a random day in the last `term` years (at least 2 months ago).
      const effectiveDate = addDays(asOf, -between(r, 60, Math.min(term * 365 - 30, 10 * 365)));
      const maturityDate = addMonths(effectiveDate, term * 12);
      const sumUsd = between(r, 20, 400) * 50_000; // $10,000 - $200,000 (in cents), in steps of $500
      const sumAssured = currency === CURRENCY_USD ? sumUsd : Math.round(((sumUsd / 100) * RIEL_PER_DOLLAR) / 100_000) * 100_000;
      const annualRate = between(r, 8, 45) / 1000; // premium per year per unit of cover
      const annual = Math.round((sumAssured * annualRate) / (currency === CURRENCY_USD ? 1 : 100)) * (currency === CURRENCY_USD ? 1 : 100);
      const modalPremium =
        premiumMode === 'singlePremium'
          ? annual * Math.min(term, 8)
          : currency === CURRENCY_USD
            ? Math.round(annual / PAYMENTS_PER_YEAR[premiumMode])
            : Math.round(annual / PAYMENTS_PER_YEAR[premiumMode] / 100) * 100;

      // Paid-to date by status.
      let paidToDate: string | null;
      let statusDate: string;
      let graceEndDate: string | null = null;
      if (premiumMode === 'singlePremium') {
        paidToDate = maturityDate;
        statusDate = effectiveDate;
      } else {
        // The first due date after asOf, walking from the effective date.
        let due = effectiveDate;
        let k = 0;
        while (due <= asOf) due = addMonths(effectiveDate, ++k * monthsPerPeriod);
        if (status === 'Active') {
          paidToDate = due;
          statusDate = effectiveDate;
        } else if (status === 'Grace') {
          paidToDate = addMonths(effectiveDate, Math.max(1, k - 1) * monthsPerPeriod);
          if (paidToDate > asOf) paidToDate = addDays(asOf, -between(r, 1, 50));
          graceEndDate = addDays(paidToDate, 60);
          if (graceEndDate < asOf) graceEndDate = addDays(asOf, between(r, 1, 40));
          statusDate = addDays(paidToDate, 1);
        } else {
          paidToDate = addMonths(effectiveDate, Math.max(1, k - 2 - between(r, 0, 8)) * monthsPerPeriod);
          if (paidToDate >= addDays(asOf, -61)) paidToDate = addDays(asOf, -between(r, 70, 400));
          if (paidToDate <= effectiveDate) paidToDate = addMonths(effectiveDate, monthsPerPeriod);
          statusDate = addDays(paidToDate, 61);
          if (statusDate > asOf) statusDate = asOf;
        }
      }

      // People.
      const ownerPerson = person(r, asOf, 25, 60, r() > 0.1);
      const childInsured = productCode === 'EDU' || productCode === 'ENDW';
      const sameAsOwner = !childInsured && r() < 0.6;
      const insuredPerson = sameAsOwner ? ownerPerson : person(r, asOf, childInsured ? 1 : 18, childInsured ? 14 : 60, r() > 0.1);
      const owner = client(r, 'O', ownerPerson);
      const insured = sameAsOwner ? { ...owner, linkType: 'I' as const } : client(r, 'I', insuredPerson, childInsured);
      const clients: Record<string, unknown>[] = [owner, insured];
      if (r() < 0.1) clients.push(client(r, 'P', person(r, asOf, 30, 65)));

      // Beneficiaries: primaries share 100%; sometimes a secondary.
      const beneficiaries: Record<string, unknown>[] = [];
      const primaries = between(r, 1, 3);
      const shares = primaries === 1 ? [100] : primaries === 2 ? [50, 50] : [40, 30, 30];
      for (let b = 0; b < primaries; b++) {
        const p = person(r, asOf, 1, 70, r() > 0.1);
        beneficiaries.push({
          priority: 'p',
          firstName: p.firstName,
          lastName: p.lastName,
          firstNameKh: p.firstNameKh,
          lastNameKh: p.lastNameKh,
          relationship: pick(r, ['08', '51']),
          shareBenifit: shares[b],
          gender: p.gender,
          dateOfBirth: p.dateOfBirth,
        });
      }
      if (r() < 0.25) {
        const p = person(r, asOf, 30, 75);
        beneficiaries.push({
          priority: 's',
          firstName: p.firstName,
          lastName: p.lastName,
          firstNameKh: p.firstNameKh,
          lastNameKh: p.lastNameKh,
          relationship: pick(r, ['08', '51']),
          shareBenifit: 100,
          gender: p.gender,
          dateOfBirth: p.dateOfBirth,
        });
      }

      // Coverages: the base plan and up to two riders; their premiums add up to the modal premium.
      const riders = Array.from({ length: between(r, 0, 2) }, () => pick(r, RIDERS)).filter(
        (v, i, a) => a.findIndex((x) => x[0] === v[0]) === i,
      );
      let riderPremiums = 0;
      const riderCoverages = riders.map(([code, type]) => {
        const premium = currency === CURRENCY_USD ? Math.round(modalPremium * 0.08) : Math.round((modalPremium * 0.08) / 100) * 100;
        riderPremiums += premium;
        return {
          coverageType: type,
          productCode: code,
          planKey: null,
          faceAmount: money(type === 'W' ? sumAssured : Math.round(sumAssured / 4 / 100) * 100, currency),
          premium: money(premium, currency),
          term,
          premiumTerm: term,
          startDate: effectiveDate,
          endDate: maturityDate,
        };
      });
      const coverages = [
        {
          coverageType: 'B',
          productCode,
          planKey: `${r() < 0.7 ? 'KRU01' : 'ATU01'}-0${between(r, 1, 3)}-0${between(r, 1, 3)}`,
          faceAmount: money(sumAssured, currency),
          premium: money(modalPremium - riderPremiums, currency),
          term,
          premiumTerm: premiumMode === 'singlePremium' ? 1 : term,
          startDate: effectiveDate,
          endDate: maturityDate,
        },
        ...riderCoverages,
      ];

      // Values by policy year, to the end of the term.
      const annualPaid = premiumMode === 'singlePremium' ? modalPremium : annual;
      const values = Array.from({ length: term }, (_, i) => {
        const year = i + 1;
        const paid = premiumMode === 'singlePremium' ? modalPremium : annualPaid * year;
        const cash = Math.round(paid * Math.min(1.15, 0.35 + 0.05 * year) * (year < 2 ? 0 : 1));
        const round = (v: number) => (currency === CURRENCY_USD ? v : Math.round(v / 100) * 100);
        return {
          policyYear: year,
          cashValue: money(round(cash), currency),
          surrenderValue: money(round(Math.round(cash * (year < 3 ? 0.8 : 0.95))), currency),
          paidUpValue: money(round(Math.round(sumAssured * Math.min(1, year / term) * 0.6)), currency),
        };
      });

      // Payments: one per period from the effective date up to the paid-to date (the last three years).
      const payments: Record<string, unknown>[] = [];
      const periods: [string, string][] = [];
      if (premiumMode === 'singlePremium') periods.push([effectiveDate, maturityDate]);
      else
        for (let from = effectiveDate; paidToDate && from < paidToDate; from = addMonths(from, monthsPerPeriod))
          periods.push([from, addMonths(from, monthsPerPeriod)]);
      for (const [from, to] of periods.slice(-MAX_PAYMENTS)) {
        const paymentType = weighted(r, PAYMENT_TYPES, PAYMENT_WEIGHTS);
        const inRiel = currency === CURRENCY_USD && r() < 0.12;
        const payCurrency = inRiel ? CURRENCY_KHR : currency;
        const amount = inRiel ? Math.round((modalPremium * RIEL_PER_DOLLAR) / 100 / 100) * 100 : modalPremium;
        referenceSerial += between(r, 1, 9);
        payments.push({
          paymentDate: addDays(from, -between(r, 0, 10)),
          amount: money(amount, payCurrency),
          currency: payCurrency,
          paymentType,
          bankCode: paymentType === 'CDB' || paymentType === 'CHQ' ? (r() < 0.8 ? '005' : pick(r, ['008', '011', '017'])) : null,
          reference:
            paymentType === 'WING'
              ? `WING${between(r, 1000000000, 9999999999)}`
              : paymentType === 'CHQ'
                ? `CHQ-${referenceSerial}`
                : `${paymentType}-${referenceSerial}`,
          sourcePolicyNumber:
            paymentType === 'PTPP' ? (numbers.length > 1 ? numbers[between(r, 0, numbers.length - 2)] : 'P100000000') : null,
          periodFrom: from,
          periodTo: addDays(to, -1),
        });
      }

      // Claims on a few policies.
      const claims =
        r() < 0.08
          ? Array.from({ length: between(r, 1, 2) }, (_, c) => {
              const claimStatus = pick(r, CLAIM_STATUSES);
              const claimed = currency === CURRENCY_USD ? between(r, 200, 8000) * 100 : between(r, 8, 300) * 100_000;
              const submittedDate = addDays(asOf, -between(r, 5, 700));
              return {
                claimNumber: `CL${serial}${c}`,
                claimType: pick(r, CLAIM_TYPES.slice(0, 4)),
                status: claimStatus,
                eventDate: addDays(submittedDate, -between(r, 1, 30)),
                submittedDate,
                decisionDate: claimStatus === 'submitted' || claimStatus === 'inReview' ? null : addDays(submittedDate, between(r, 5, 40)),
                claimedAmount: money(claimed, currency),
                paidAmount: claimStatus === 'paid' ? money(Math.round((claimed * 0.9) / 100) * 100, currency) : null,
              };
            })
          : [];

      // Feed milestones: a survival benefit on a few policies in the coming weeks.
      const milestones =
        status !== 'Lapsed' && r() < 0.06
          ? [
              {
                date: addDays(asOf, between(r, 2, 40)),
                descriptionEn: 'Survival benefit payout',
                descriptionKm: 'ការទូទាត់អត្ថប្រយោជន៍នៅរស់រានមានជីវិត',
              },
            ]
          : [];

      // Pending requirements on recent or lapsed policies.
      const recent = effectiveDate > addDays(asOf, -180);
      const pending =
        (recent && r() < 0.5) || r() < 0.08
          ? Array.from({ length: between(r, 1, 3) }, () => pick(r, PENDING))
              .filter((v, i, a) => a.indexOf(v) === i)
              .map(([code, en, km]) => {
                const requestedDate = addDays(asOf, -between(r, 3, 60));
                return {
                  code,
                  descriptionEn: en,
                  descriptionKm: km,
                  requestedDate,
                  dueDate: addDays(requestedDate, 30),
                  status: weighted(r, ['outstanding', 'received', 'waived'] as const, [80, 12, 8]),
                };
              })
          : [];

      const age = -Math.round((Date.parse(effectiveDate) - Date.parse(asOf)) / 86_400_000);
      const deliveryStatus =
        age < 30
          ? pick(r, ['pending', 'dispatched'])
          : age < 60
            ? pick(r, ['dispatched', 'delivered'])
            : r() < 0.04
              ? 'returned'
              : pick(r, ['delivered', 'acknowledged']);

      policies.push({
        policyNumber,
        productCode,
        planKey: coverages[0]?.planKey ?? null,
        status,
        statusDate,
        graceEndDate,
        issueDate: effectiveDate,
        effectiveDate,
        paidToDate,
        maturityDate,
        premiumMode,
        modalPremium: money(modalPremium, currency),
        currency,
        sumAssured: money(sumAssured, currency),
        policyTerm: term,
        premiumTerm: premiumMode === 'singlePremium' ? 1 : term,
        agent: { username: agent.username },
        deliveryStatus,
        deliveryStatusDate: deliveryStatus === 'pending' ? null : addDays(effectiveDate, between(r, 3, 25)),
        issuance: {
          applicationNumber: `APP${serial}`,
          proposalNumber: `PRO${serial}`,
          submissionDate: addDays(effectiveDate, -between(r, 10, 30)),
          approvalDate: addDays(effectiveDate, -between(r, 1, 5)),
          issuingOffice: 'Phnom Penh Head Office',
          underwritingDecision: weighted(r, ['standard', 'rated', 'exclusion'], [85, 10, 5]),
        },
        clients,
        beneficiaries,
        coverages,
        values,
        payments,
        claims,
        milestones,
        pending,
      });
    }
  }
  return {
    format: POLICY_FEED_FORMAT,
    version: POLICY_FEED_VERSION,
    asOf,
    source: 'demo generator (apps/server/src/importers/demo-policy-feed.ts)',
    policies,
  };
}

/** The feed as committed: a JSON document with one policy per line (diffs stay readable). */
export function demoFeedJson(feed: DemoFeed): string {
  const { policies, ...header } = feed;
  const head = JSON.stringify(header).slice(0, -1);
  return `${head},"policies":[\n${policies.map((p) => JSON.stringify(p)).join(',\n')}\n]}\n`;
}
