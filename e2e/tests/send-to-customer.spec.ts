// Send to customer, on a 360 px phone in English and Khmer: the advisor sends the proposal by SMS
// after a confirmation; the customer opens the link on their own phone without an account and sees
// the proposal in words (never codes), the KHQR code and the PDF; the page survives a reload; the
// link opens once.
import { expectScreen, screenshotAt, seriousA11yViolations } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { LANGS, text } from '../support/i18n';
import { contactWithProposal } from '../support/records';
import { readOutbox } from '../support/sign-in';

/** The phone of the contacts `contactWithProposal` makes (012-555-778). */
const CUSTOMER_PHONE = '+85512555778';
const PHONE = { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true } as const;

for (const lang of LANGS) {
  test.describe(`send to customer (${lang})`, () => {
    test.use({ lang, signedInAs: 'demo.aap', ...PHONE });

    test('the advisor sends the SMS; the customer opens the proposal, its KHQR and PDF once', async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      test.setTimeout(120_000);
      const proposal = await contactWithProposal(page);
      await page.goto(`/home/proposal/proposal-detail/${proposal.id}`);
      await page.getByTestId('proposal-send').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(`Bopha ${proposal.lastName}`);
      // The SMS and the page in the screen's language unless the advisor picks the other.
      await expect(dialog.getByTestId(`send-lang-${lang}`)).toBeChecked();
      await screenshotAt(page, testInfo, `send-dialog-${lang}`);
      await dialog.getByTestId('send-confirm').click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(text('proposals:send_done', lang).split('{phone}')[0] as string)).toBeVisible();
      await expect(page.getByTestId('proposal-status')).toHaveText(text('proposals:status_paymentRequested', lang));

      const message = (await readOutbox(page.request, CUSTOMER_PHONE)).find((m) => m.body.includes(proposal.proposalNumber));
      expect(message?.body).toContain(proposal.proposalNumber);
      if (lang === 'km') expect(message?.body).toMatch(/[\u1780-\u17FF]/);
      const link = new URL((message as { link?: string }).link ?? '');
      expect(link.pathname).toBe('/customer/proposal');
      const address = `${link.pathname}${link.hash}`;

      // The customer's phone: no account, another browser.
      const customer = await browser.newContext({ baseURL, ...PHONE });
      try {
        const phone = await customer.newPage();
        await phone.goto(address);
        await expectScreen(phone, 'proposals:customer_title', lang);
        // The token is wiped from the address bar.
        expect(new URL(phone.url()).hash).toBe('');
        await expect(phone.getByTestId('customer-product')).not.toHaveText(/TERM/);
        await expect(phone.getByTestId('customer-insured')).toHaveText(`Bopha ${proposal.lastName}`);
        await expect(phone.getByTestId('customer-premium')).toHaveText(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
        await expect(phone.getByTestId('customer-khqr').getByRole('img')).toBeVisible();
        await expect(phone.getByTestId('khqr-reference')).toHaveText(/^OPC\d+$/);
        const main = await phone.locator('main').innerText();
        for (const code of ['annual', 'proposals:', 'TERM']) expect(main).not.toContain(code);
        expect(await seriousA11yViolations(phone)).toEqual([]);
        await screenshotAt(phone, testInfo, `customer-page-${lang}`);

        const download = phone.waitForEvent('download');
        await phone.getByTestId('customer-pdf-download').click();
        expect((await download).suggestedFilename()).toBe(`proposal-${proposal.proposalNumber}-${lang}.pdf`);

        // A reload on the same phone shows it again (the view is kept for a day).
        await phone.reload();
        await expect(phone.getByTestId('khqr-reference')).toHaveText(/^OPC\d+$/);

        // The link itself opened once: on another phone it is spent.
        const other = await browser.newContext({ baseURL, ...PHONE });
        try {
          const second = await other.newPage();
          await second.goto(address);
          await expect(second.getByTestId('customer-expired')).toBeVisible();
        } finally {
          await other.close();
        }
      } finally {
        await customer.close();
      }
    });
  });
}
