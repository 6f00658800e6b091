import type { Language } from '@portal/domain/codes/languages';
import { LANGUAGE_TAGS } from '@portal/domain/codes/languages';
import { formatDisplayDate } from '@portal/domain/format/date';
import { html, raw, type RawHtml } from '../../providers/pdf/html';
import { khmerFontFaceCss, PDF_FONT_FAMILY } from '../../providers/pdf/khmer-font';

/**
 * The compliance PDFs: a training material and the completion certificate, as HTML
 * for the Chromium pool (Khmer shaped, real text layer). Every value is escaped by `html`.
 */
const TEXT = {
  en: {
    material: (period: string) => `Compliance training ${period}`,
    certificate: 'Certificate of completion',
    certifies: 'This certifies that',
    completed: (period: string) => `has completed the compliance training for ${period}.`,
    agentCode: 'Agent code',
    agency: 'Agency',
    score: 'Score',
    passMark: 'Pass mark',
    date: 'Date of completion',
    number: 'Certificate number',
  },
  km: {
    material: (period: string) => `វគ្គបណ្តុះបណ្តាលអនុលោមភាព ${period}`,
    certificate: 'វិញ្ញាបនបត្របញ្ចប់វគ្គ',
    certifies: 'សូមបញ្ជាក់ថា',
    completed: (period: string) => `បានបញ្ចប់វគ្គបណ្តុះបណ្តាលអនុលោមភាពសម្រាប់ឆ្នាំ ${period}។`,
    agentCode: 'លេខកូដភ្នាក់ងារ',
    agency: 'ភ្នាក់ងារ',
    score: 'ពិន្ទុ',
    passMark: 'ពិន្ទុជាប់',
    date: 'កាលបរិច្ឆេទបញ្ចប់',
    number: 'លេខវិញ្ញាបនបត្រ',
  },
} as const satisfies Record<Language, unknown>;

function page(lang: Language, title: string, css: string, body: RawHtml): string {
  return html`<!doctype html>
<html lang="${LANGUAGE_TAGS[lang]}">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>
${raw(khmerFontFaceCss())}
html { font-family: ${raw(PDF_FONT_FAMILY)}, sans-serif; font-size: 11pt; color: #1a1a1a; }
body { margin: 0; line-height: 1.7; }
h1 { font-size: 18pt; margin: 0 0 8pt; color: #0b4f8a; }
${raw(css)}
</style>
</head>
<body>${body}</body>
</html>`.value;
}

export interface MaterialPdfInput {
  lang: Language;
  periodCode: string;
  title: string;
  description: string;
  body: string;
}

export function materialHtml(input: MaterialPdfInput): string {
  const t = TEXT[input.lang];
  const paragraphs = input.body.split(/\n\s*\n/).map((p) => html`<p>${p.trim()}</p>`);
  return page(
    input.lang,
    input.title,
    '.kicker { color: #5c6b7a; margin: 0 0 4pt; } .lead { font-weight: 700; }',
    html`
  <p class="kicker">${t.material(input.periodCode)}</p>
  <h1>${input.title}</h1>
  <p class="lead">${input.description}</p>
  ${paragraphs}`,
  );
}

export interface CertificatePdfInput {
  lang: Language;
  periodCode: string;
  name: string;
  agentCode: string | null;
  agencyName: string | null;
  scorePercent: number;
  passMarkPercent: number;
  completedDate: string;
  certificateNumber: string;
}

export function certificateHtml(input: CertificatePdfInput): string {
  const t = TEXT[input.lang];
  const css = `
.frame { border: 3pt double #0b4f8a; padding: 28pt; text-align: center; }
h1 { font-size: 24pt; }
.name { font-size: 20pt; font-weight: 700; margin: 10pt 0; }
dl { display: grid; grid-template-columns: max-content max-content; gap: 2pt 12pt; justify-content: center; text-align: left; margin-top: 18pt; }
dt { font-weight: 700; } dd { margin: 0; }`;
  return page(
    input.lang,
    `${t.certificate} ${input.periodCode}`,
    css,
    html`
  <div class="frame">
    <h1>${t.certificate}</h1>
    <p>${t.certifies}</p>
    <p class="name">${input.name}</p>
    <p>${t.completed(input.periodCode)}</p>
    <dl>
      ${input.agentCode ? html`<dt>${t.agentCode}</dt><dd>${input.agentCode}</dd>` : ''}
      ${input.agencyName ? html`<dt>${t.agency}</dt><dd>${input.agencyName}</dd>` : ''}
      <dt>${t.score}</dt><dd>${input.scorePercent}%</dd>
      <dt>${t.passMark}</dt><dd>${input.passMarkPercent}%</dd>
      <dt>${t.date}</dt><dd>${formatDisplayDate(input.completedDate)}</dd>
      <dt>${t.number}</dt><dd>${input.certificateNumber}</dd>
    </dl>
  </div>`,
  );
}
