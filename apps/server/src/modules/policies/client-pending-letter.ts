import type { Language } from '@portal/domain/codes/languages';
import { LANGUAGE_TAGS } from '@portal/domain/codes/languages';
import type { PendingRequirement, PendingStatus } from '@portal/domain/contracts/policies/policy-fields';
import { formatDisplayDate } from '@portal/domain/format/date';
import { formatPhone } from '@portal/domain/format/phone';
import { html, raw } from '../../providers/pdf/html';
import { khmerFontFaceCss, PDF_FONT_FAMILY } from '../../providers/pdf/khmer-font';

/**
 * The client-pending letter: a letter to the policy owner listing the requirements the insurer
 * still waits for. Rendered to PDF by the Chromium pool; every value is escaped by `html`.
 * The letter's wording lives here (a server-side template, not a screen) in both languages.
 */
const TEXT = {
  en: {
    title: 'Request for outstanding documents',
    date: 'Date',
    to: 'To',
    policyNumber: 'Policy number',
    product: 'Product',
    insured: 'Life insured',
    dear: (name: string) => `Dear ${name},`,
    intro:
      'Thank you for choosing us. To complete the servicing of your policy, we still need the documents listed below. Please hand them to your advisor, who will send them to us.',
    none: 'We are not waiting for any document from you at the moment. Thank you.',
    requirement: 'Requirement',
    requested: 'Requested on',
    due: 'Due by',
    status: 'Status',
    contact: 'If you have any questions, please contact your advisor:',
    closing: 'Yours sincerely,',
    signature: 'Customer Service',
    statuses: { outstanding: 'Outstanding', submitted: 'Submitted, awaiting review', received: 'Received', waived: 'Waived' },
  },
  km: {
    title: 'សំណើសុំឯកសារដែលនៅខ្វះ',
    date: 'កាលបរិច្ឆេទ',
    to: 'ជូនចំពោះ',
    policyNumber: 'លេខបណ្ណសន្យារ៉ាប់រង',
    product: 'ផលិតផល',
    insured: 'អ្នកត្រូវបានធានារ៉ាប់រង',
    dear: (name: string) => `ជម្រាបសួរ ${name}`,
    intro:
      'សូមអរគុណដែលបានជ្រើសរើសយើងខ្ញុំ។ ដើម្បីបញ្ចប់ការផ្តល់សេវាលើបណ្ណសន្យារ៉ាប់រងរបស់លោកអ្នក យើងខ្ញុំនៅត្រូវការឯកសារខាងក្រោម។ សូមប្រគល់ឯកសារទាំងនេះជូនភ្នាក់ងាររបស់លោកអ្នក ដែលនឹងបញ្ជូនមកយើងខ្ញុំ។',
    none: 'បច្ចុប្បន្ននេះ យើងខ្ញុំមិនរង់ចាំឯកសារណាមួយពីលោកអ្នកទេ។ សូមអរគុណ។',
    requirement: 'តម្រូវការ',
    requested: 'ថ្ងៃស្នើសុំ',
    due: 'កាលកំណត់',
    status: 'ស្ថានភាព',
    contact: 'ប្រសិនបើលោកអ្នកមានសំណួរ សូមទាក់ទងភ្នាក់ងាររបស់លោកអ្នក៖',
    closing: 'ដោយក្តីគោរព',
    signature: 'ផ្នែកសេវាអតិថិជន',
    statuses: { outstanding: 'មិនទាន់ដាក់ជូន', submitted: 'បានដាក់ជូន កំពុងពិនិត្យ', received: 'បានទទួល', waived: 'បានលើកលែង' },
  },
} as const satisfies Record<Language, unknown>;

export interface ClientPendingLetterInput {
  lang: Language;
  today: string;
  policyNumber: string;
  productCode: string;
  /** The product's catalogue names; null when no catalogue knows the code (the code is printed). */
  productName: { name: string; nameKh: string } | null;
  owner: { firstName: string; lastName: string; firstNameKh: string | null; lastNameKh: string | null; address: string | null } | null;
  insured: { firstName: string; lastName: string; firstNameKh: string | null; lastNameKh: string | null } | null;
  agent: { displayName: string; displayNameKh: string | null; phone: string | null };
  requirements: PendingRequirement[];
}

/** Khmer name (family name first) in a Khmer letter when known, else the Latin name. */
function personName(
  lang: Language,
  p: { firstName: string; lastName: string; firstNameKh: string | null; lastNameKh: string | null },
): string {
  if (lang === 'km' && p.firstNameKh && p.lastNameKh) return `${p.lastNameKh} ${p.firstNameKh}`;
  return `${p.firstName} ${p.lastName}`;
}

/** Requirements the owner is asked for: outstanding, and submitted ones awaiting review. */
export function letterRequirements(items: PendingRequirement[]): PendingRequirement[] {
  const asked: PendingStatus[] = ['outstanding', 'submitted'];
  return items.filter((r) => asked.includes(r.status));
}

export function clientPendingLetterHtml(input: ClientPendingLetterInput): string {
  const t = TEXT[input.lang];
  const ownerName = input.owner ? personName(input.lang, input.owner) : '';
  const productName = input.productName ? (input.lang === 'km' ? input.productName.nameKh : input.productName.name) : input.productCode;
  const agentName = input.lang === 'km' && input.agent.displayNameKh ? input.agent.displayNameKh : input.agent.displayName;
  const rows = letterRequirements(input.requirements).map(
    (r) => html`
      <tr>
        <td>${input.lang === 'km' ? r.descriptionKm : r.descriptionEn}</td>
        <td class="date">${formatDisplayDate(r.requestedDate)}</td>
        <td class="date">${r.dueDate ? formatDisplayDate(r.dueDate) : '—'}</td>
        <td>${t.statuses[r.status]}</td>
      </tr>`,
  );
  const table =
    rows.length === 0
      ? html`<p>${t.none}</p>`
      : html`
    <table>
      <thead><tr><th>${t.requirement}</th><th>${t.requested}</th><th>${t.due}</th><th>${t.status}</th></tr></thead>
      <tbody>${rows}</tbody>
    </table>`;
  const page = html`<!doctype html>
<html lang="${LANGUAGE_TAGS[input.lang]}">
<head>
<meta charset="utf-8">
<title>${t.title} ${input.policyNumber}</title>
<style>
${raw(khmerFontFaceCss())}
html { font-family: ${raw(PDF_FONT_FAMILY)}, sans-serif; font-size: 11pt; color: #1a1a1a; }
body { margin: 0; line-height: 1.6; }
h1 { font-size: 16pt; margin: 0 0 12pt; color: #0b4f8a; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2pt 12pt; margin: 0 0 14pt; }
dt { font-weight: 700; }
dd { margin: 0; }
table { width: 100%; border-collapse: collapse; margin: 12pt 0; }
th, td { border: 1px solid #9aa5b1; padding: 4pt 6pt; text-align: left; vertical-align: top; }
th { background: #e8eef5; font-weight: 700; }
td.date { white-space: nowrap; }
.closing { margin-top: 24pt; }
</style>
</head>
<body>
  <h1>${t.title}</h1>
  <dl>
    <dt>${t.date}</dt><dd>${formatDisplayDate(input.today)}</dd>
    <dt>${t.to}</dt><dd>${ownerName}${input.owner?.address ? html`<br>${input.owner.address}` : ''}</dd>
    <dt>${t.policyNumber}</dt><dd>${input.policyNumber}</dd>
    <dt>${t.product}</dt><dd>${productName}</dd>
    ${input.insured ? html`<dt>${t.insured}</dt><dd>${personName(input.lang, input.insured)}</dd>` : ''}
  </dl>
  <p>${t.dear(ownerName)}</p>
  ${rows.length > 0 ? html`<p>${t.intro}</p>` : ''}
  ${table}
  <p>${t.contact} ${agentName}${input.agent.phone ? `, ${formatPhone(input.agent.phone)}` : ''}</p>
  <p class="closing">${t.closing}<br>${t.signature}</p>
</body>
</html>`;
  return page.value;
}
