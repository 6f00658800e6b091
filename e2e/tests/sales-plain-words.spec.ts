// Plain words on the sales screens in states a URL alone does not reach (plain-words.spec.ts opens
// every screen by its URL): the quote form filled from a proposal with riders, the application
// wizard's first two steps, at 360 px, in English and Khmer. Fails on a raw code, a translation
// key or an English word left on a Khmer screen (e2e/support/plain-words.ts).
import { expect, test } from '../support/fixtures';
import { LANGS } from '../support/i18n';
import { plainWordProblems } from '../support/plain-words';
import { contactWithRiderProposal, TYPED_CONTACT_TEXTS } from '../support/records';

for (const lang of LANGS) {
  test.describe(`plain words on the sales screens (${lang})`, () => {
    test.use({ lang, signedInAs: 'demo.aap', viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

    test('dashboard, proposal, quote form and the first wizard steps show labels, not codes', async ({ page }) => {
      test.setTimeout(120_000);
      const { proposalId } = await contactWithRiderProposal(page);
      const proposal = { id: proposalId };
      const found: Record<string, string[]> = {};

      await page.goto('/home');
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('main')).not.toContainText('…', { timeout: 15_000 });
      found.dashboard = await plainWordProblems(page, lang, TYPED_CONTACT_TEXTS);

      await page.goto(`/home/proposal/proposal-detail/${proposal.id}`);
      await expect(page.getByTestId('coverage-table')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('proposal-product')).not.toHaveText('TERM');
      found.proposal = await plainWordProblems(page, lang, TYPED_CONTACT_TEXTS);

      await page.goto(`/home/proposal?copyFrom=${proposal.id}`);
      await expect(page.getByTestId('quote-premium')).toHaveText(/^\$\d/, { timeout: 30_000 });
      found.quote = await plainWordProblems(page, lang, TYPED_CONTACT_TEXTS);

      await page.getByTestId('quote-save').click();
      await expect(page).toHaveURL(/new-proposal-created-success/);
      const copyId = page.url().split('/').pop() ?? '';
      await page.goto(`/home/application?proposalId=${copyId}`);
      await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '0');
      found.wizardStep0 = await plainWordProblems(page, lang, TYPED_CONTACT_TEXTS);
      await page.getByTestId('step-1').click();
      await expect(page.getByTestId('product-name')).not.toContainText('TERM');
      found.wizardStep1 = await plainWordProblems(page, lang, TYPED_CONTACT_TEXTS);

      expect(found).toEqual({ dashboard: [], proposal: [], quote: [], wizardStep0: [], wizardStep1: [] });
    });
  });
}
