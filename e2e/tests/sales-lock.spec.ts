// A sale stays as it was sold, on a 360 px phone in English and Khmer: the advisor makes an
// application from a proposal; the proposal then shows "Copy as a new proposal" instead of Edit,
// its edit screen says why it is locked, and the copy opens the quote form with the same quote.
import { apiGet, apiPost } from '../support/auth';
import { expectMainHeading } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { LANGS, text } from '../support/i18n';
import { contactWithProposal, pageToken } from '../support/records';

for (const lang of LANGS) {
  test.describe(`a sold proposal is locked (${lang})`, () => {
    test.use({ lang, signedInAs: 'demo.aap', viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

    test('application from the proposal, then Copy instead of Edit, and the update is refused', async ({ page }) => {
      test.setTimeout(90_000);
      const proposal = await contactWithProposal(page);
      await page.goto(`/home/proposal/proposal-detail/${proposal.id}`);
      await expectMainHeading(page, 'proposals:detail_title', lang);
      await expect(page.getByTestId('proposal-edit')).toBeVisible();
      await expect(page.getByTestId('proposal-copy')).toHaveCount(0);

      await page.getByTestId('proposal-apply').click();
      await expect(page).toHaveURL(/\/home\/application\/detail\?applicationId=/);
      await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '0');
      // Step 0 starts from the contact, editable: nothing typed again.
      await expect(page.locator('#lifeInsured-phone')).toHaveValue('012-555-778');
      await expect(page.locator('#lifeInsured-lastName')).toHaveValue(proposal.lastName);

      await page.goto(`/home/proposal/proposal-detail/${proposal.id}`);
      await expect(page.getByTestId('proposal-status')).toHaveText(text('proposals:status_applied', lang));
      await expect(page.getByTestId('proposal-locked')).toHaveText(text('proposals:locked_note', lang));
      await expect(page.getByTestId('proposal-edit')).toHaveCount(0);
      await expect(page.getByTestId('proposal-apply')).toHaveCount(0);

      // The edit address, typed or bookmarked, says why and offers the copy.
      await page.goto(`/home/proposal/edit/${proposal.id}`);
      await expect(page.getByTestId('proposal-locked')).toContainText(text('errors:proposal_locked', lang));

      // The server refuses too, with the same translated message key.
      const token = await pageToken(page);
      const stored = (await (await apiGet(page, `/api/proposal/v1/find/${proposal.id}`, token)).json()) as {
        lifeInsured: { contactId: string };
        version: number;
      };
      const refused = await apiPost(
        page,
        `/api/proposal/v1/update/${proposal.id}`,
        {
          lifeInsuredContactId: stored.lifeInsured.contactId,
          productCode: 'TERM',
          faceAmount: '13000',
          premiumMode: 'annual',
          version: stored.version,
        },
        token,
      );
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { messageKey: string }).messageKey).toBe('proposal_locked');

      // A second application from it is refused, with words.
      await page.goto(`/home/application?proposalId=${proposal.id}`);
      await expect(page.getByRole('alert')).toHaveText(text('errors:proposal_has_application', lang));

      // Copy: a new quote with the same product and amount, saved as a new proposal.
      await page.goto(`/home/proposal/proposal-detail/${proposal.id}`);
      await page.getByTestId('proposal-copy').click();
      await expect(page).toHaveURL(/\/home\/proposal\?copyFrom=/);
      await expectMainHeading(page, 'proposals:title', lang);
      await expect(page.getByTestId('quote-product')).toHaveValue('TERM');
      await expect(page.getByTestId('quote-face-amount')).toHaveValue(/12,?000/);
      const noRaw = await page.locator('main').innerText();
      expect(noRaw).not.toContain('proposals:');
    });
  });
}
