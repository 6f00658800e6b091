import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_2026_1 } from '@portal/domain/catalogue/catalogue-2026-1';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import type { ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { ChromiumPdfRenderer } from '../../src/providers/pdf/chromium-pdf-renderer';
import { createProposal, proposalsWorld, termQuote, type ProposalsWorld } from './proposal-client';
import { pinnedReportHtml } from './proposal-pdf-fixture';

/**
 * The proposal PDF: served as a PDF of at least 3 pages in English and Khmer, with a
 * real Khmer text layer (pdftotext finds the words in logical order) and a first page that looks
 * like the reviewed reference image.
 *
 * The reference: fixtures/proposal-km-page1.png, page 1 of the pinned Khmer proposal
 * (proposal-pdf-fixture.ts) at 50 dpi. After a deliberate change to the template, regenerate it with
 *   UPDATE_PDF_REFERENCE=1 npx vitest run --project server apps/server/test/proposals/proposal-pdf.test.ts
 * then LOOK at the new image before committing it. Without the file the test fails.
 */
const REFERENCE = join(import.meta.dirname, 'fixtures', 'proposal-km-page1.png');
/** Share of pixels allowed to differ (font hinting and anti-aliasing across Chromium builds). */
const MAX_DIFF_SHARE = 0.005;

const work = mkdtempSync(join(tmpdir(), 'proposal-pdf-'));

function pdfText(pdf: Buffer, name: string): string {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

function pageCount(pdf: Buffer, name: string): number {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
}

function renderPage1(pdf: Buffer, name: string): PNG {
  const file = join(work, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, join(work, name)]);
  return PNG.sync.read(readFileSync(join(work, `${name}.png`)));
}

/** Where the app's clock starts in this file: 00:30 on 26 November in Phnom Penh, while UTC is still on 25 November. */
const NOW = new Date('2026-11-25T17:30:00Z');

describe('proposal PDF in English and Khmer', () => {
  let w: ProposalsWorld;
  let p: ProposalResponse;
  beforeAll(async () => {
    w = await proposalsWorld(NOW);
    p = await createProposal(w.aap, {
      lifeInsuredContactId: w.insured.id,
      policyOwnerContactId: w.parent.id,
      relationshipCode: '08',
      ...termQuote({ premiumMode: 'monthly' }),
    });
  }, 60_000);
  afterAll(async () => {
    await w.t.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('English: a PDF of at least 3 pages with the premiums per mode, coverage, projection, advisor, date and the payment reference', async () => {
    const res = await w.aap.get(`/api/proposal/v1/find/report/${p.id}?lang=en`);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="proposal-${p.proposalNumber}-en.pdf"`);
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf, 'en')).toBeGreaterThanOrEqual(3);
    const text = pdfText(pdf, 'en');
    for (const words of [
      'Benefit illustration',
      p.proposalNumber,
      'Sokha Chan',
      'AAP00001',
      'Vanna Chan',
      'Father',
      'Premiums by payment mode',
      'Annual',
      'Semi-annual',
      'Quarterly',
      'Monthly',
      'Coverage',
      'Projected benefits by policy year',
      'KHQR',
      'Payment reference',
      '$25,000.00',
    ]) {
      expect(text, words).toContain(words);
    }
    const pay = (await w.aap.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`)).json() as { paymentReference: string };
    expect(text).toContain(pay.paymentReference);
    // Plain words: the product and plan by name, never their codes.
    const product = CATALOGUE_2026_1.products.find((x) => x.code === p.productCode);
    const plan = product?.plans.find((x) => x.planKey === p.planKey);
    expect(text).toContain(product?.name);
    expect(text).toContain(plan?.name);
    expect(text).not.toMatch(new RegExp(`\\b${p.productCode}\\b`));
    expect(text).not.toContain(p.planKey);
    expect(text).not.toContain(plan?.planCode);
    expect(text, 'a plan named as its product is not repeated').not.toContain(`${product?.name} — ${plan?.name}`);
    // The generation date, as the advisor sees it (DD/MM/YYYY in Phnom Penh).
    const today = todayInPhnomPenh(NOW).split('-').reverse().join('/');
    expect(text).toContain(today);
    const found = (await w.aap.get(`/api/proposal/v1/find/${p.id}`)).json() as ProposalResponse;
    expect(found.statusHistory.map((h) => h.status)).toContain('presented');
  }, 60_000);

  it('Khmer: the text layer holds the Khmer words in logical order; download=1 makes it an attachment', async () => {
    const res = await w.aap.get(`/api/proposal/v1/find/report/${p.id}?lang=km&download=1`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="proposal-${p.proposalNumber}-km.pdf"`);
    expect(pageCount(res.rawPayload, 'km')).toBeGreaterThanOrEqual(3);
    // pdftotext puts a space where a Khmer cluster's advance leaves a gap (`ធានារ៉ា ប់រង`); Khmer
    // writes no spaces between words, so it is compared with all white space removed: the code
    // points themselves must come in logical order.
    const text = pdfText(res.rawPayload, 'km').replace(/\s+/g, '');
    // Coeng subscripts (ព្យា, ប្រ, ត្ថ), pre-base vowels (យោ, ពេ) and the names of both people.
    for (const words of [
      'តារាងបង្ហាញអត្ថប្រយោជន៍',
      'បុព្វលាភ',
      'ទឹកប្រាក់ធានារ៉ាប់រង$25,000.00',
      'ការព្យាករអត្ថប្រយោជន៍',
      'លេខយោងការបង់ប្រាក់',
      'ចាន់សុខា',
      'ចាន់វណ្ណា',
      'ឪពុក',
      'ប្រចាំខែ',
      'លេខកូដភ្នាក់ងារ',
      'AAP00001',
      p.proposalNumber,
    ]) {
      expect(text, words).toContain(words);
    }
  }, 60_000);

  it("without lang, the PDF is in the user's preferred language (demo.aap: English)", async () => {
    const res = await w.aap.get(`/api/proposal/v1/find/report/${p.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-language']).toBe('en');
  }, 60_000);

  it('page 1 of the pinned Khmer proposal matches the reviewed reference image', async () => {
    const renderer = new ChromiumPdfRenderer({ executablePath: w.t.config.chromiumPath, pages: 1 });
    try {
      const pdf = await renderer.render(await pinnedReportHtml('km'), { margin: '12mm' });
      const actual = renderPage1(pdf, 'pinned-km');
      if (process.env.UPDATE_PDF_REFERENCE === '1') writeFileSync(REFERENCE, PNG.sync.write(actual));
      expect(existsSync(REFERENCE), `missing ${REFERENCE}: run with UPDATE_PDF_REFERENCE=1, then review the image`).toBe(true);
      const expected = PNG.sync.read(readFileSync(REFERENCE));
      expect([actual.width, actual.height]).toEqual([expected.width, expected.height]);
      const diff = pixelmatch(actual.data, expected.data, undefined, actual.width, actual.height, { threshold: 0.1 });
      expect(diff / (actual.width * actual.height)).toBeLessThanOrEqual(MAX_DIFF_SHARE);
    } finally {
      await renderer.close();
    }
  }, 60_000);
});
