// A phone's browser draws no PDF inside a page (an empty box): there the proposal's PDF is offered
// to open in the phone's own viewer, to download and to share, in English and Khmer at 360 px.
import { expectMainHeading } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { LANGS, text } from '../support/i18n';
import { contactWithProposal } from '../support/records';

for (const lang of LANGS) {
  test.describe(`the proposal PDF on a phone (${lang})`, () => {
    test.use({ lang, signedInAs: 'demo.aap', viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

    test('no empty frame: Open, Download (and Share where the phone can) for the PDF', async ({ page, context }) => {
      test.setTimeout(90_000);
      // As Chrome on Android reports it: no PDF viewer inside pages.
      await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'pdfViewerEnabled', { get: () => false }));
      const proposal = await contactWithProposal(page);
      // A first render waits its turn at the PDF renderer: slow on a busy machine.
      const report = page.waitForResponse((res) => res.url().includes(`/api/proposal/v1/find/report/${proposal.id}`), { timeout: 60_000 });
      await page.goto(`/home/proposal/view-proposal-pdf/${proposal.id}`);
      await expectMainHeading(page, 'proposals:pdf_title', lang);
      expect((await report).status()).toBe(200);
      await expect(page.getByTestId('pdf-phone')).toContainText(text('proposals:pdf_phone_note', lang));
      await expect(page.getByTestId('pdf-frame')).toHaveCount(0);
      await expect(page.getByTestId('pdf-phone-open')).toHaveAttribute('href', /^blob:/);
      await expect(page.getByRole('link', { name: text('proposals:pdf_download', lang) })).toHaveAttribute(
        'download',
        `proposal-${proposal.proposalNumber}-${lang}.pdf`,
      );
      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: text('proposals:pdf_download', lang) }).click();
      expect((await download).suggestedFilename()).toBe(`proposal-${proposal.proposalNumber}-${lang}.pdf`);
    });
  });
}
