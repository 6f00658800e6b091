// The whole sale, as an advisor sitting with a customer does it on a 360 px phone, in English and
// Khmer: a contact; a quote with a rider that needs its own amount; the proposal; sent to the
// customer, who opens it on their own phone; the application from the proposal with step 1 filled
// from the contact; a camera photo of the ID card; the summary confirmed; submitted; and the
// proposal locked as it was sold.
import { apiPost } from '../support/auth';
import { expectScreen } from '../support/checks';
import { ONE_PAGE_PDF } from '../support/files';
import { expect, test } from '../support/fixtures';
import { LANGS, text } from '../support/i18n';
import { pageToken } from '../support/records';
import { readOutbox } from '../support/sign-in';
import { cameraJpeg, drawSignature, next } from '../support/wizard';

const PHONE = { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true } as const;

for (const lang of LANGS) {
  test.describe(`the sales journey (${lang})`, () => {
    test.use({ lang, signedInAs: 'demo.aap', ...PHONE });

    test('contact, quote, proposal, send, application, photo, summary, submit, locked proposal', async ({ page, browser, baseURL }) => {
      test.setTimeout(240_000);
      const t = (key: string) => text(key, lang);

      // A contact, as the advisor saved it earlier.
      const token = await pageToken(page);
      const lastName = `Journey${Date.now().toString(36).replace(/\d/g, 'q')}`;
      const phone = '012-555-781';
      const made = await apiPost(
        page,
        '/api/contact/v1/create',
        {
          contactType: 'lifeInsured',
          firstName: 'Sreymom',
          lastName,
          gender: 'F',
          dateOfBirth: '14/03/1988',
          phone,
          idType: '1',
          idNumber: '112233445',
          occupation: 'Teacher',
        },
        token,
      );
      expect(made.status(), await made.text()).toBe(201);
      const contact = (await made.json()) as { id: string };

      // The quote: TERM with its critical-illness rider, whose own amount is asked for.
      await page.goto(`/home/proposal?contactId=${contact.id}`);
      await page.getByTestId('quote-product').selectOption('TERM');
      await page.getByTestId('quote-face-amount').fill('25000');
      await page.getByTestId('rider-TCIR-check').check();
      await expect(page.getByTestId('quote-premium')).toHaveText('—');
      await page.getByTestId('rider-TCIR-amount').fill('10000');
      await expect(page.getByTestId('quote-premium')).toHaveText(/^\$\d/);
      await page.getByTestId('quote-save').click();
      await expect(page).toHaveURL(/\/home\/proposal\/new-proposal-created-success\//);
      const proposalUrl = `/home/proposal/proposal-detail/${new URL(page.url()).pathname.split('/').pop() ?? ''}`;
      await page.goto(proposalUrl);
      const proposalNumber = (await page.getByTestId('proposal-number').innerText()).trim();

      // Sent to the customer, who opens it on their own phone.
      await page.getByTestId('proposal-send').click();
      await page.getByRole('dialog').getByTestId('send-confirm').click();
      await expect(page.getByTestId('proposal-status')).toHaveText(t('proposals:status_paymentRequested'));
      const sms = (await readOutbox(page.request, `+855${phone.replace(/^0|-/g, '')}`)).find((m) => m.body.includes(proposalNumber));
      const link = new URL((sms as { link?: string } | undefined)?.link ?? '');
      const customer = await browser.newContext({ baseURL, ...PHONE });
      try {
        const theirs = await customer.newPage();
        await theirs.goto(`${link.pathname}${link.hash}`);
        await expectScreen(theirs, 'proposals:customer_title', lang);
        await expect(theirs.getByTestId('customer-riders')).toBeVisible();
        await expect(theirs.getByTestId('khqr-reference')).toHaveText(/^OPC\d+$/);
      } finally {
        await customer.close();
      }

      // The application from the proposal: step 1 comes from the contact, nothing typed again.
      await page.goto(proposalUrl);
      await page.getByTestId('proposal-apply').click();
      await expect(page).toHaveURL(/\/home\/application\/detail\?applicationId=/);
      await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '0');
      await expect(page.locator('#lifeInsured-lastName')).toHaveValue(lastName);
      await expect(page.locator('#lifeInsured-phone')).toHaveValue(phone);
      await expect(page.locator('#lifeInsured-idNumber')).toHaveValue('112233445');
      await expect(page.locator('#lifeInsured-idType')).toHaveValue('1');
      await page.locator('#lifeInsured-idExpiryDate').fill('31/12/2031');
      await page.getByTestId('add-beneficiary').click();
      const beneficiary = page.getByTestId('beneficiary').first();
      await beneficiary.getByLabel(t('applications:field_first_name')).fill('Dara');
      await beneficiary.getByLabel(t('applications:field_last_name')).fill('Sok');
      await beneficiary.getByLabel(t('applications:field_gender')).selectOption('M');
      await beneficiary.getByLabel(t('applications:field_date_of_birth')).fill('01/02/2015');
      await beneficiary.getByLabel(t('applications:field_relationship_short')).selectOption('08');
      await beneficiary.getByLabel(t('applications:field_share')).fill('100');
      await next(page, 1);

      await expect(page.getByTestId('product-summary')).toContainText(proposalNumber);
      await page.locator('#paymentType').selectOption('CS');
      await page.locator('#confirmed').check();
      await next(page, 2);

      for (let q = 1; q <= 5; q += 1) await page.getByTestId(`health-q-1-${q}`).getByLabel(t('applications:no'), { exact: true }).check();
      await next(page, 3);

      await page.locator('#agreed').check();
      await drawSignature(page, 'sig-policyOwner');
      await page
        .getByTestId('sig-advisor')
        .getByRole('button', { name: t('applications:signature_type_instead') })
        .click();
      await page.getByTestId('sig-advisor-typed').fill('Sokha Chan');
      await page
        .getByTestId('sig-advisor')
        .getByRole('button', { name: t('applications:signature_accept') })
        .click();
      await next(page, 4);

      await page.locator('#referrerCode').selectOption('05');
      await page.locator('#statementAgreed').check();
      await next(page, 5);

      // A photo of the ID card with the phone's camera: sent as a PDF.
      const idGroup = page.getByTestId('group-insured-id');
      await idGroup.getByTestId('insured-id-id-number').fill('112233445');
      await idGroup.getByTestId('insured-id-expired-date').fill('31/12/2031');
      await idGroup
        .getByTestId('insured-id-file-camera')
        .setInputFiles({ name: 'IMG_0101.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(page) });
      await idGroup.getByTestId('insured-id-upload').click();
      await expect(idGroup.getByTestId('uploaded-document').filter({ hasText: 'IMG_0101.pdf' })).toBeVisible();
      // This sum assured asks for a proof of finances: a PDF chosen from the files.
      const finance = page.getByTestId('group-finance-proof');
      await finance
        .getByTestId('finance-proof-file')
        .setInputFiles({ name: 'payslip.pdf', mimeType: 'application/pdf', buffer: ONE_PAGE_PDF });
      await finance.getByTestId('finance-proof-upload').click();
      await expect(finance.getByTestId('uploaded-document').filter({ hasText: 'payslip.pdf' })).toBeVisible();
      await next(page, 6);

      // The summary of what goes out, confirmed, then submitted.
      const summary = page.getByTestId('submission-summary');
      await expect(summary.getByTestId('summary-beneficiary')).toContainText('Dara Sok');
      await expect(summary.getByTestId('summary-beneficiary')).toContainText('100%');
      await expect(summary.getByTestId('summary-documents')).toContainText('IMG_0101.pdf');
      await expect(summary.getByTestId('summary-premium')).toContainText('$');
      await expect(page.getByTestId('submit-application')).toBeDisabled();
      await page.getByTestId('submit-confirm').check();
      await page.getByTestId('submit-application').click();
      await expect(page.getByTestId('submit-success')).toBeVisible();

      // The proposal stays as it was sold.
      await page.goto(proposalUrl);
      await expect(page.getByTestId('proposal-status')).toHaveText(t('proposals:status_applied'));
      await expect(page.getByTestId('proposal-locked')).toHaveText(t('proposals:locked_note'));
      await expect(page.getByTestId('proposal-edit')).toHaveCount(0);
      await expect(page.getByTestId('proposal-copy')).toBeVisible();
    });
  });
}
