// Remote signature, in English and Khmer: the advisor, on step 4 (the declaration) of an
// application, sends the policy owner a link by SMS; the customer, on their own 360 px phone and
// without an account, opens it, enters the code sent to the phone, reads the summary in their
// language (words, not codes), draws and signs; the advisor's wizard then shows the signature and
// the in-good-order review passes. The link opens once.
import type { Page } from '@playwright/test';
import { apiGet, apiPost } from '../support/auth';
import { ONE_PAGE_PDF } from '../support/files';
import { expect, test } from '../support/fixtures';
import { LANGS, text } from '../support/i18n';
import { pageToken } from '../support/records';
import { readOutbox } from '../support/sign-in';
import { drawSignature } from '../support/wizard';

const PHONE = { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true } as const;
/** One phone per language, so the two runs never read each other's messages. */
const OWNER_PHONES = { en: ['012-555-791', '+85512555791'], km: ['012-555-792', '+85512555792'] } as const;

async function created<T>(page: Page, path: string, body: unknown, token: string): Promise<T> {
  const res = await apiPost(page, path, body, token);
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

interface App {
  id: string;
  applicationNumber: string;
  version: number;
  steps: { personalInfo: Record<string, unknown> & { lifeInsured: Record<string, unknown> } };
}

/**
 * An application filled through the API up to the declaration (steps 0-2 complete, the advisor
 * statement and the documents too), its declaration agreed and signed by the advisor only: the
 * policy owner (the life insured, an adult) has yet to sign. The wizard opens on step 4 (index 3).
 */
async function applicationToSign(page: Page, phone: string): Promise<App> {
  const token = await pageToken(page, '/home/application');
  const lastName = `Sign${Date.now()
    .toString(36)
    .replace(/[0-9]/g, (d) => 'abcdefghij'.charAt(Number(d)))}`;
  const person = { contactType: 'lifeInsured', firstName: 'Bopha', lastName, gender: 'F', dateOfBirth: '05/06/1990', phone };
  const contact = await created<{ id: string }>(page, '/api/contact/v1/create', person, token);
  const terms = { productCode: 'TERM', faceAmount: '12,000', policyTerm: 10, premiumTerm: 10, premiumMode: 'annual' };
  const proposal = await created<{ id: string }>(page, '/api/proposal/v1/create', { ...terms, lifeInsuredContactId: contact.id }, token);
  let app = await created<App>(page, '/api/appform/v1/create', { proposalId: proposal.id }, token);
  const advisor = { method: 'typed', typedName: 'Demo Advisor', signerName: '', signedAt: '2026-11-21T09:00:00+07:00' };
  const steps: [string, Record<string, unknown>, boolean][] = [
    [
      'personalInfo',
      {
        ...app.steps.personalInfo,
        lifeInsured: { ...app.steps.personalInfo.lifeInsured, idType: '1', idNumber: '123456789', idExpiryDate: '31/12/2031' },
        beneficiaries: [
          {
            firstName: 'Dara',
            lastName: 'Sok',
            gender: 'M',
            dateOfBirth: '01/02/2015',
            relationshipCode: '03',
            priority: 'p',
            shareBenifit: '100',
          },
        ],
      },
      true,
    ],
    ['productInfo', { paymentType: 'CS', confirmed: true }, true],
    ['healthInfo', { answers: [1, 2, 3, 4, 5].map((n) => ({ questionNumber: n, answerSequenceNo: 1, answerValue: 'N' })) }, true],
    ['declarationAuthorization', { agreed: true, signatures: { advisor } }, false],
    ['advisorStatement', { referrerCode: '05', isBankReferal: false, statementAgreed: true }, true],
  ];
  for (const [name, data, complete] of steps)
    app = await created<App>(page, `/api/appform/v1/update/${app.id}`, { version: app.version, step: { name, data, complete } }, token);
  const uploaded = await page.evaluate(
    async ({ id, bearer, pdf }) => {
      const xsrf = decodeURIComponent(/(?:^|; )XSRF-TOKEN=([^;]*)/.exec(document.cookie)?.[1] ?? '');
      const form = new FormData();
      for (const [k, v] of Object.entries({
        applicationId: id,
        documentCategoryCode: 'insured-id',
        documentCode: 'NATIONAL_ID_FRONT',
        idNumber: '123456789',
        expiredDate: '31/12/2031',
      }))
        form.append(k, v);
      form.append('file', new Blob([Uint8Array.from(atob(pdf), (c) => c.charCodeAt(0))], { type: 'application/pdf' }), 'id.pdf');
      const res = await fetch('/api/document/v1/upload', {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${bearer}`, 'X-XSRF-TOKEN': xsrf },
      });
      return res.status;
    },
    { id: app.id, bearer: token, pdf: ONE_PAGE_PDF.toString('base64') },
  );
  expect(uploaded).toBe(201);
  const fresh = (await (await apiGet(page, `/api/appform/v1/find/${app.id}`, token)).json()) as App;
  return created<App>(
    page,
    `/api/appform/v1/update/${app.id}`,
    { version: fresh.version, activeStep: 3, step: { name: 'supportingDocuments', data: {}, complete: true } },
    token,
  );
}

for (const lang of LANGS) {
  test.describe(`remote signature (${lang})`, () => {
    test.use({ lang, signedInAs: 'demo.aap' });

    test("the customer signs on their own phone; the advisor's wizard shows it and the review passes", async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const [typed, e164] = OWNER_PHONES[lang];
      const app = await applicationToSign(page, typed);
      await page.goto(`/home/application/detail?applicationId=${encodeURIComponent(app.id)}`);
      await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '3');
      const owner = page.getByTestId('signer-state-policyOwner');
      await expect(owner).toHaveAttribute('data-state', 'none');
      await expect(page.getByTestId('signer-state-advisor')).toHaveAttribute('data-state', 'inPerson');
      await page.getByTestId('remote-send-policyOwner').click();
      await expect(owner).toHaveAttribute('data-state', 'sent');

      const link = (await readOutbox(page.request, e164)).find(
        (m) => m.purpose === 'sign-link' && m.body.includes(app.applicationNumber),
      )?.link;
      expect(link).toMatch(/\/customer\/sign#token=/);
      const address = `${new URL(link ?? '').pathname}${new URL(link ?? '').hash}`;

      const customer = await browser.newContext({ baseURL, ...PHONE });
      try {
        const phone = await customer.newPage();
        await phone.goto(address);
        await expect(phone.getByTestId('customer-sign-code')).toBeVisible();
        expect(new URL(phone.url()).hash).toBe('');
        const code = (await readOutbox(page.request, e164)).find((m) => m.purpose === 'sign-code')?.otp ?? '';
        await phone.getByTestId('customer-sign-code-input').fill(code);
        await phone.getByTestId('customer-sign-verify').click();

        const summary = phone.getByTestId('customer-sign-summary');
        await expect(summary).toHaveAttribute('data-lang', lang);
        await expect(summary).toContainText(text('applications:sign_summary_sum_assured', lang));
        await expect(summary).toContainText('$12,000.00');
        await expect(phone.getByTestId('customer-sign-declaration')).toHaveText(text('applications:declaration_text', lang));
        const shown = await summary.innerText();
        for (const code of ['TERM', 'annual', 'applications:', 'policyOwner']) expect(shown).not.toContain(code);
        if (lang === 'km') expect(shown).toMatch(/[\u1780-\u17FF]/);
        // Nothing wider than the phone.
        expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

        await drawSignature(phone, 'customer-sig');
        await phone.getByTestId('customer-sign-submit').click();
        await expect(phone.getByTestId('customer-sign-done')).toBeVisible();

        // The link opened once: opened again it tells the customer to ask for a new one.
        const again = await customer.newPage();
        await again.goto(address);
        await expect(again.getByTestId('customer-sign-expired')).toHaveText(text('applications:customer_sign_expired', lang));
      } finally {
        await customer.close();
      }

      // The advisor's wizard picks the signature up by itself, and the in-good-order review passes.
      await expect(owner).toHaveAttribute('data-state', 'remote', { timeout: 15_000 });
      await page.getByTestId('step-6').click();
      await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '6');
      await expect(page.getByTestId('review-clean')).toBeVisible();
    });
  });
}
