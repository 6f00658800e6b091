import type { Language } from '@portal/domain/codes/languages';
import { LANGUAGE_TAGS } from '@portal/domain/codes/languages';
import { PAYMENTS_PER_YEAR, PREMIUM_MODES, type PremiumMode } from '@portal/domain/codes/premium-modes';
import type { ProposalParty } from '@portal/domain/contracts/proposals/create-proposal';
import { formatDisplayDate, instantToOffsetDateTime } from '@portal/domain/format/date';
import { formatUsd, parseMoneyToCents } from '@portal/domain/format/money';
import type { ProposalRow } from '../../db/schema/proposal.table';
import { html, raw, type RawHtml } from '../../providers/pdf/html';
import { khmerFontFaceCss, PDF_FONT_FAMILY } from '../../providers/pdf/khmer-font';
import type { CatalogueNames } from './proposal-engine';
import type { PaymentView } from './proposal-payment';
import { projectBenefits } from './proposal-projection';
import { MODE_NAMES, REPORT_TEXT, STATUS_NAMES } from './proposal-report-text';

export type ReportProposal = Pick<
  ProposalRow,
  | 'proposalNumber'
  | 'status'
  | 'lifeInsured'
  | 'policyOwner'
  | 'relationshipCode'
  | 'productCode'
  | 'planKey'
  | 'faceAmountCents'
  | 'policyTerm'
  | 'premiumTerm'
  | 'premiumMode'
  | 'premiumCents'
  | 'catalogueVersion'
  | 'quote'
>;

export interface ProposalReportInput {
  lang: Language;
  generatedAt: Date;
  proposal: ReportProposal;
  advisor: { name: string; nameKh: string | null; code: string | null };
  names: CatalogueNames;
  payment: Pick<PaymentView, 'paymentReference' | 'amountCents' | 'qrImage' | 'expiresAt'>;
}

const cents = (amount: string | undefined) => parseMoneyToCents(amount ?? '0.00') ?? 0;

function personName(lang: Language, p: ProposalParty): string {
  if (lang === 'km' && (p.firstNameKh || p.lastNameKh)) return [p.lastNameKh, p.firstNameKh].filter(Boolean).join(' ');
  return `${p.firstName} ${p.lastName}`;
}

/** DD/MM/YYYY HH:mm in Phnom Penh. */
function displayDateTime(at: Date): string {
  const iso = instantToOffsetDateTime(at);
  return `${formatDisplayDate(iso)} ${iso.slice(11, 16)}`;
}

/** Age last birthday on a date (both YYYY-MM-DD). */
function ageOn(dateOfBirth: string, on: string): number {
  const years = Number(on.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return on.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}

const STYLE = `
@page { size: A4; }
html { font-family: ${PDF_FONT_FAMILY}, sans-serif; font-size: 9.5pt; color: #1c2430; }
body { margin: 0; line-height: 1.5; }
.sheet { break-after: page; }
.sheet:last-child { break-after: auto; }
.band { display: flex; justify-content: space-between; align-items: flex-end; border-bottom: 3px solid #0b4f8a; padding-bottom: 6pt; margin-bottom: 10pt; }
.brand { font-size: 10pt; font-weight: 700; color: #0b4f8a; letter-spacing: .02em; }
.ref { text-align: right; font-size: 8.5pt; color: #4a5563; }
h1 { font-size: 18pt; margin: 0; color: #0b4f8a; }
h2 { font-size: 12.5pt; margin: 14pt 0 6pt; color: #0b4f8a; border-left: 4px solid #e0a526; padding-left: 6pt; }
p.lead { margin: 2pt 0 10pt; color: #4a5563; }
.meta { display: grid; grid-template-columns: repeat(3, 1fr); gap: 6pt; background: #f1f5f9; border-radius: 6px; padding: 8pt 10pt; }
.meta div span { display: block; font-size: 8pt; color: #4a5563; }
.meta div strong { font-size: 10pt; }
.cards { display: grid; grid-template-columns: 1fr 1fr; gap: 10pt; }
.card { border: 1px solid #c9d3df; border-radius: 6px; padding: 8pt 10pt; }
.card h3 { margin: 0 0 4pt; font-size: 10.5pt; color: #0b4f8a; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 1pt 10pt; margin: 0; }
dt { color: #4a5563; }
dd { margin: 0; font-weight: 700; }
.highlight { margin-top: 10pt; display: flex; justify-content: space-between; align-items: center; background: #0b4f8a; color: #fff; border-radius: 6px; padding: 10pt 14pt; }
.highlight strong { font-size: 16pt; }
table { width: 100%; border-collapse: collapse; margin: 4pt 0 8pt; }
th, td { border: 1px solid #c9d3df; padding: 3pt 6pt; text-align: left; vertical-align: top; }
th { background: #e6eef7; font-weight: 700; font-size: 8.5pt; }
td.num, th.num { text-align: right; white-space: nowrap; font-variant-numeric: tabular-nums; }
tr.chosen td { background: #fff6de; font-weight: 700; }
tr.total td { font-weight: 700; background: #f1f5f9; }
table.projection td, table.projection th { padding: 2pt 5pt; font-size: 8.5pt; }
.note { font-size: 8.5pt; color: #4a5563; }
.pay { display: grid; grid-template-columns: 170pt 1fr; gap: 14pt; align-items: start; border: 1px solid #c9d3df; border-radius: 6px; padding: 10pt; }
.pay img { width: 170pt; height: 170pt; }
.khqr-head { background: #e1232e; color: #fff; font-weight: 700; text-align: center; border-radius: 6px 6px 0 0; padding: 2pt 0; width: 170pt; }
ul { margin: 4pt 0; padding-left: 14pt; }
.signs { display: grid; grid-template-columns: 1fr 1fr; gap: 30pt; margin-top: 30pt; }
.signs div { border-top: 1px solid #1c2430; padding-top: 4pt; }
`;

/**
 * The proposal's benefit illustration as one HTML document for the Chromium pool:
 * page 1 the people, the plan and the premiums per mode; page 2 the coverage table, the notes and
 * the KHQR payment code; page 3 (and on, for long terms) the year-by-year projection and the
 * signatures. Every value is escaped by `html`; the Khmer font is inlined (no network).
 */
export function proposalReportHtml(input: ProposalReportInput): string {
  const { lang, proposal: p, names } = input;
  const t = REPORT_TEXT[lang];
  const modes = MODE_NAMES[lang];
  const quote = p.quote;
  const today = instantToOffsetDateTime(input.generatedAt).slice(0, 10);
  const product = names.product(p.productCode);
  const productName = product ? (lang === 'km' ? product.nameKh : product.name) : p.productCode;
  const plan = names.plan(p.productCode, p.planKey);
  const planName = plan ? (lang === 'km' ? plan.nameKh : plan.name) : '';
  // A plan named as its product (most are) is not repeated after it.
  const productAndPlan = planName && planName !== productName ? `${productName} — ${planName}` : productName;
  const advisorName = lang === 'km' && input.advisor.nameKh ? input.advisor.nameKh : input.advisor.name;
  const separateOwner = p.policyOwner.contactId !== p.lifeInsured.contactId;
  const mode = p.premiumMode;

  const header = (section: string): RawHtml => html`
    <div class="band">
      <div><div class="brand">${t.insurer}</div><div>${section}</div></div>
      <div class="ref">${t.proposalNumber}: <strong>${p.proposalNumber}</strong><br>${t.generated}: ${displayDateTime(input.generatedAt)}</div>
    </div>`;

  const personCard = (title: string, person: ProposalParty, extra: RawHtml | string): RawHtml => html`
    <div class="card"><h3>${title}</h3><dl>
      <dt>${t.name}</dt><dd>${personName(lang, person)}</dd>
      <dt>${t.gender}</dt><dd>${t.genders[person.gender]}</dd>
      <dt>${t.dateOfBirth}</dt><dd>${formatDisplayDate(person.dateOfBirth)}</dd>
      <dt>${t.age}</dt><dd>${ageOn(person.dateOfBirth, quote.calculationDate)}</dd>
      ${extra}
    </dl></div>`;

  const relationship = separateOwner
    ? html`<dt>${t.relationship}</dt><dd>${(p.relationshipCode && t.relationships[p.relationshipCode]) ?? p.relationshipCode ?? ''}</dd>`
    : html`<dt>${t.relationship}</dt><dd>${t.self}</dd>`;

  const modeRows = PREMIUM_MODES.filter((m) => quote.premiumFirstYear[m]).map((m) => {
    const modal = quote.premiumFirstYear[m];
    return html`<tr class="${m === mode ? 'chosen' : ''}">
      <td>${modes[m]}${m === mode ? html` (${t.chosen})` : ''}</td>
      <td class="num">${formatUsd(cents(modal?.premiumBeforeDiscount))}</td>
      <td class="num">${formatUsd(cents(modal?.premiumDiscount))}</td>
      <td class="num">${formatUsd(cents(modal?.premiumAfterDiscount))}</td>
    </tr>`;
  });

  const perYear = (m: PremiumMode, amount: number) => (m === 'singlePremium' ? amount : amount * PAYMENTS_PER_YEAR[m]);
  let modalTotal = 0;
  let annualTotal = 0;
  const coverageRows = quote.coverages.map((c) => {
    const modal = cents(c.premiumFirstYear[mode]?.premium);
    modalTotal += modal;
    annualTotal += perYear(mode, modal);
    const rider = c.coverageType === 'B' ? null : names.rider(c.code);
    const name = c.coverageType === 'B' ? productAndPlan : rider ? (lang === 'km' ? rider.nameKh : rider.name) : c.code;
    return html`<tr>
      <td>${t.coverageTypes[c.coverageType]}</td><td>${name}</td>
      <td class="num">${formatUsd(cents(c.faceAmount))}</td><td class="num">${formatUsd(modal)}</td><td class="num">${formatUsd(perYear(mode, modal))}</td>
    </tr>`;
  });

  const projection = projectBenefits(quote, mode, names.packageType(p.productCode));
  const projectionRows = projection.map(
    (y) => html`<tr>
    <td class="num">${y.year}</td><td class="num">${y.age}</td><td class="num">${formatUsd(y.premiumPaid)}</td><td class="num">${formatUsd(y.totalPremiums)}</td>
    <td class="num">${formatUsd(y.deathBenefit)}</td><td class="num">${formatUsd(y.riderCover)}</td><td class="num">${y.maturityBenefit === null ? '—' : formatUsd(y.maturityBenefit)}</td>
  </tr>`,
  );

  const doc = html`<!doctype html>
<html lang="${LANGUAGE_TAGS[lang]}">
<head><meta charset="utf-8"><title>${t.title} ${p.proposalNumber}</title>
<style>${raw(khmerFontFaceCss())}${raw(STYLE)}</style></head>
<body>
<section class="sheet">
  ${header(t.subtitle)}
  <h1>${t.title}</h1>
  <p class="lead">${productAndPlan}</p>
  <div class="meta">
    <div><span>${t.proposalNumber}</span><strong>${p.proposalNumber}</strong></div>
    <div><span>${t.generated}</span><strong>${formatDisplayDate(today)}</strong></div>
    <div><span>${t.status}</span><strong>${STATUS_NAMES[lang][p.status] ?? p.status}</strong></div>
    <div><span>${t.advisor}</span><strong>${advisorName}</strong></div>
    <div><span>${t.advisorCode}</span><strong>${input.advisor.code ?? '—'}</strong></div>
    <div><span>${t.catalogue}</span><strong>${p.catalogueVersion}</strong></div>
  </div>
  <h2>${t.people}</h2>
  <div class="cards">
    ${personCard(t.lifeInsured, p.lifeInsured, '')}
    ${personCard(t.policyOwner, p.policyOwner, relationship)}
  </div>
  <h2>${t.plan}</h2>
  <div class="card"><dl>
    <dt>${t.product}</dt><dd>${productName}</dd>
    <dt>${t.planKey}</dt><dd>${planName || p.planKey}</dd>
    <dt>${t.faceAmount}</dt><dd>${formatUsd(p.faceAmountCents)}</dd>
    <dt>${t.policyTerm}</dt><dd>${t.years(p.policyTerm)}</dd>
    <dt>${t.premiumTerm}</dt><dd>${t.years(p.premiumTerm)}</dd>
    <dt>${t.premiumMode}</dt><dd>${modes[mode]}</dd>
  </dl></div>
  <div class="highlight"><span>${t.yourPremium} · ${modes[mode]}</span><strong>${formatUsd(p.premiumCents)}</strong></div>
  <h2>${t.perMode}</h2>
  <table>
    <thead><tr><th>${t.premiumMode}</th><th class="num">${t.beforeDiscount}</th><th class="num">${t.discount}</th><th class="num">${t.afterDiscount}</th></tr></thead>
    <tbody>${modeRows}</tbody>
  </table>
  <p class="note">${t.perModeNote}</p>
</section>
<section class="sheet">
  ${header(t.coverage)}
  <h2>${t.coverage}</h2>
  <p class="lead">${t.coverageIntro}</p>
  <table>
    <thead><tr><th>${t.type}</th><th>${t.name}</th><th class="num">${t.faceAmount}</th><th class="num">${t.modalPremium} (${modes[mode]})</th><th class="num">${t.annualPremium}</th></tr></thead>
    <tbody>${coverageRows}
      <tr class="total"><td colspan="3">${t.total}</td><td class="num">${formatUsd(modalTotal)}</td><td class="num">${formatUsd(annualTotal)}</td></tr>
    </tbody>
  </table>
  <h2>${t.declaration}</h2>
  <ul class="note">${t.notes.map((n) => html`<li>${n}</li>`)}</ul>
  <h2>${t.payment}</h2>
  <p class="lead">${t.paymentIntro}</p>
  <div class="pay">
    <div><div class="khqr-head">KHQR</div><img alt="KHQR" src="${input.payment.qrImage}"></div>
    <dl>
      <dt>${t.paymentReference}</dt><dd>${input.payment.paymentReference}</dd>
      <dt>${t.amount}</dt><dd>${formatUsd(input.payment.amountCents)} (${modes[mode]})</dd>
      <dt>${t.payee}</dt><dd>${t.insurer}</dd>
      <dt>${t.validUntil}</dt><dd>${formatDisplayDate(input.payment.expiresAt)}</dd>
      <dt>${t.proposalNumber}</dt><dd>${p.proposalNumber}</dd>
    </dl>
  </div>
</section>
<section class="sheet">
  ${header(t.projection)}
  <h2>${t.projection}</h2>
  <p class="lead">${t.projectionIntro}</p>
  <table class="projection">
    <thead><tr><th class="num">${t.year}</th><th class="num">${t.age}</th><th class="num">${t.premiumPaid}</th><th class="num">${t.totalPremiums}</th><th class="num">${t.deathBenefit}</th><th class="num">${t.riderCover}</th><th class="num">${t.maturityBenefit}</th></tr></thead>
    <tbody>${projectionRows}</tbody>
  </table>
  <h2>${t.signatures}</h2>
  <div class="signs">
    <div>${t.signedOwner}: ${personName(lang, p.policyOwner)}</div>
    <div>${t.signedAdvisor}: ${advisorName} (${input.advisor.code ?? '—'})</div>
  </div>
</section>
</body></html>`;
  return doc.value;
}
