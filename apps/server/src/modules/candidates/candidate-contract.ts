import type { Language } from '@portal/domain/codes/languages';
import { LANGUAGE_TAGS } from '@portal/domain/codes/languages';
import { formatDisplayDate } from '@portal/domain/format/date';
import { html, raw } from '../../providers/pdf/html';
import { khmerFontFaceCss, PDF_FONT_FAMILY } from '../../providers/pdf/khmer-font';

/**
 * The agency agreement a candidate reviews (screen `review-contract`), printed by the Chromium
 * pool. The candidate downloads it, signs it and uploads the signed copy; the wording lives here
 * (a server-side template) in both languages, every value escaped by `html`.
 */
const TEXT = {
  en: {
    title: 'Agency agreement',
    intro: 'This agreement is made between the Company and the candidate named below, who wishes to become a life insurance agent.',
    candidate: 'Candidate',
    number: 'Candidate number',
    identification: 'Identification',
    agency: 'Agency',
    date: 'Date',
    clauses: [
      "The agent will sell the Company's life insurance products only after passing the ITC exam and receiving an IRC licence.",
      "The agent will follow the Company's code of conduct, treat customers fairly and keep their personal data confidential.",
      "The agent will be paid commission as set out in the Company's commission schedule in force at the time of sale.",
      "Either party may end this agreement with 30 days' written notice.",
    ],
    signCandidate: 'Signature of the candidate',
    signCompany: 'For the Company',
  },
  km: {
    title: 'កិច្ចព្រមព្រៀងភ្នាក់ងារ',
    intro: 'កិច្ចព្រមព្រៀងនេះធ្វើឡើងរវាងក្រុមហ៊ុន និងបេក្ខជនដែលមានឈ្មោះខាងក្រោម ដែលមានបំណងក្លាយជាភ្នាក់ងារធានារ៉ាប់រងអាយុជីវិត។',
    candidate: 'បេក្ខជន',
    number: 'លេខបេក្ខជន',
    identification: 'អត្តសញ្ញាណ',
    agency: 'ភ្នាក់ងារ',
    date: 'កាលបរិច្ឆេទ',
    clauses: [
      'ភ្នាក់ងារនឹងលក់ផលិតផលធានារ៉ាប់រងអាយុជីវិតរបស់ក្រុមហ៊ុន តែបន្ទាប់ពីប្រឡងជាប់ ITC និងទទួលបានអាជ្ញាប័ណ្ណ IRC ប៉ុណ្ណោះ។',
      'ភ្នាក់ងារនឹងគោរពក្រមសីលធម៌របស់ក្រុមហ៊ុន ប្រព្រឹត្តចំពោះអតិថិជនដោយយុត្តិធម៌ និងរក្សាការសម្ងាត់ទិន្នន័យផ្ទាល់ខ្លួនរបស់ពួកគេ។',
      'ភ្នាក់ងារនឹងទទួលបានកម្រៃជើងសារ តាមតារាងកម្រៃជើងសាររបស់ក្រុមហ៊ុនដែលមានសុពលភាពនៅពេលលក់។',
      'ភាគីណាមួយអាចបញ្ចប់កិច្ចព្រមព្រៀងនេះ ដោយជូនដំណឹងជាលាយលក្ខណ៍អក្សរមុន ៣០ ថ្ងៃ។',
    ],
    signCandidate: 'ហត្ថលេខាបេក្ខជន',
    signCompany: 'តំណាងក្រុមហ៊ុន',
  },
} as const satisfies Record<Language, unknown>;

export interface ContractInput {
  lang: Language;
  today: string;
  candidateNumber: string;
  name: string;
  idNumber: string | null;
  /** The ID type by name in the contract's language (null when not given). */
  idTypeName: string | null;
  agencyName: string | null;
}

export function contractHtml(input: ContractInput): string {
  const t = TEXT[input.lang];
  return html`<!doctype html>
<html lang="${LANGUAGE_TAGS[input.lang]}">
<head><meta charset="utf-8"><title>${t.title} ${input.candidateNumber}</title>
<style>
${raw(khmerFontFaceCss())}
html { font-family: ${raw(PDF_FONT_FAMILY)}, sans-serif; font-size: 11pt; color: #1a1a1a; }
body { margin: 0; line-height: 1.6; }
h1 { font-size: 16pt; color: #0b4f8a; margin: 0 0 12pt; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 2pt 12pt; }
dt { font-weight: 700; } dd { margin: 0; }
.sign { display: flex; gap: 40pt; margin-top: 48pt; } .sign div { flex: 1; border-top: 1px solid #333; padding-top: 4pt; }
</style></head>
<body>
  <h1>${t.title}</h1>
  <p>${t.intro}</p>
  <dl>
    <dt>${t.candidate}</dt><dd>${input.name}</dd>
    <dt>${t.number}</dt><dd>${input.candidateNumber}</dd>
    <dt>${t.identification}</dt><dd>${input.idTypeName ? `${input.idTypeName}: ` : ''}${input.idNumber ?? '—'}</dd>
    <dt>${t.agency}</dt><dd>${input.agencyName ?? '—'}</dd>
    <dt>${t.date}</dt><dd>${formatDisplayDate(input.today)}</dd>
  </dl>
  <ol>${t.clauses.map((c) => html`<li>${c}</li>`)}</ol>
  <div class="sign"><div>${t.signCandidate}</div><div>${t.signCompany}</div></div>
</body></html>`.value;
}
