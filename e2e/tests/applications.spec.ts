// Insurance applications in the browser: from a saved proposal, the seven-step wizard
// with a drawn and a typed signature and two uploads with progress bars; the browser is closed
// half-way and the advisor comes back to the same step with everything kept; then the in-good-order
// review, the submission, and the application form PDF. After every step the browser's storage is
// scanned: the tokens may be kept, the customer's personal and health data may not.
import type { Page } from '@playwright/test';
import { apiPost, storedLogin } from '../support/auth';
import { expectNothingSensitiveStored } from '../support/browser-storage';
import { ONE_PAGE_PDF } from '../support/files';
import { expect, test } from '../support/fixtures';
import { text } from '../support/i18n';
import { drawSignature, next, waitSaved } from '../support/wizard';

const ADVISOR = 'demo.aap';
test.use({ signedInAs: ADVISOR });

async function token(page: Page): Promise<string> {
  if (!page.url().startsWith('http')) await page.goto('/home/application');
  const login = await storedLogin(page);
  if (!login) throw new Error('no stored login');
  return login.accessToken;
}

/** A contact and a saved proposal for them, made through the API. */
async function savedProposal(page: Page): Promise<{ id: string; proposalNumber: string; lastName: string }> {
  const access = await token(page);
  const suffix = Date.now().toString(36).replace(/[0-9]/g, 'x');
  const lastName = `Test${suffix}`;
  const contact = await apiPost(
    page,
    '/api/contact/v1/create',
    {
      contactType: 'lifeInsured',
      firstName: 'Rachana',
      lastName,
      gender: 'F',
      dateOfBirth: '12/04/1991',
      phone: '012-555-777',
    },
    access,
  );
  expect(contact.status(), await contact.text()).toBe(201);
  const { id: contactId } = (await contact.json()) as { id: string };
  const proposal = await apiPost(
    page,
    '/api/proposal/v1/create',
    {
      productCode: 'TERM',
      faceAmount: '15,000',
      policyTerm: 10,
      premiumTerm: 10,
      premiumMode: 'annual',
      lifeInsuredContactId: contactId,
    },
    access,
  );
  expect(proposal.status(), await proposal.text()).toBe(201);
  return { ...((await proposal.json()) as { id: string; proposalNumber: string }), lastName };
}

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

test('from a proposal through seven steps, leaving and coming back, to the submitted application form', async ({
  page,
  browser,
  sessions,
  pageProblems,
}) => {
  test.setTimeout(180_000);
  const proposal = await savedProposal(page);
  // What the customer's data looks like in any storage: names, dates, ID, phone, a drawn
  // signature, the uploaded files (by name and by their base64 start). Grows step by step.
  const personal = ['Rachana', proposal.lastName, '12/04/1991', '1991-04-12'];
  const scan = (where: Page, step: string) => expectNothingSensitiveStored(where, step, personal);

  // Start from the proposal.
  await page.goto('/home/application');
  await page.getByTestId(`apply-${proposal.proposalNumber}`).click();
  await expect(page).toHaveURL(/\/home\/application\/detail\?applicationId=/);
  const url = page.url();
  await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '0');

  // Step 0: the proposal's person is there; identification, phone and a beneficiary added.
  await expect(page.locator('#lifeInsured-firstName')).toHaveValue('Rachana');
  await expect(page.locator('#lifeInsured-dateOfBirth')).toHaveValue('12/04/1991');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '0');
  await expect(page.locator('#lifeInsured-idType[aria-invalid="true"]').first()).toBeAttached();
  await page.locator('#lifeInsured-idType').selectOption('1');
  await page.locator('#lifeInsured-idNumber').fill('123456789');
  await page.locator('#lifeInsured-idExpiryDate').fill('31/12/2031');
  await page.locator('#lifeInsured-phone').fill('012-555-777');
  await page.getByTestId('add-beneficiary').click();
  const beneficiary = page.getByTestId('beneficiary').first();
  await beneficiary.getByLabel(text('applications:field_first_name', 'en')).fill('Dara');
  await beneficiary.getByLabel(text('applications:field_last_name', 'en')).fill('Sok');
  await beneficiary.getByLabel(text('applications:field_gender', 'en')).selectOption('M');
  await beneficiary.getByLabel(text('applications:field_date_of_birth', 'en')).fill('01/02/2015');
  await beneficiary.getByLabel(text('applications:field_relationship_short', 'en')).selectOption('08');
  await beneficiary.getByLabel(text('applications:field_share', 'en')).fill('60');
  await page.getByTestId('wizard-next').click();
  await expect(page.getByRole('alert').filter({ hasText: '60%' })).toBeVisible();
  await beneficiary.getByLabel(text('applications:field_share', 'en')).fill('100');
  await next(page, 1);
  personal.push('123456789', '31/12/2031', '012-555-777', 'Dara', '01/02/2015');
  await scan(page, 'after step 0 (personal info)');

  // Step 1: the product from the proposal; cash payment, confirmed.
  await expect(page.getByTestId('product-summary')).toContainText(proposal.proposalNumber);
  await page.locator('#paymentType').selectOption('CS');
  await page.locator('#confirmed').check();
  await next(page, 2);
  await scan(page, 'after step 1 (product info)');

  // Step 2: health, all No.
  for (let q = 1; q <= 5; q += 1)
    await page.getByTestId(`health-q-1-${q}`).getByLabel(text('applications:no', 'en'), { exact: true }).check();
  await next(page, 3);
  await scan(page, 'after step 2 (health)');

  // Step 3: agreed; the owner signs with the mouse — then the browser is closed.
  await page.locator('#agreed').check();
  await drawSignature(page, 'sig-policyOwner');
  await waitSaved(page);
  personal.push('data:image/png', 'iVBORw0KGgo');
  await scan(page, 'in step 3 (declaration), signed and saved');
  await page.context().close();

  // A new browser session: the application reopens on the same step, with everything kept.
  const context = await browser.newContext({ storageState: await sessions.get(ADVISOR), baseURL: test.info().project.use.baseURL });
  const again = await context.newPage();
  pageProblems.watch(again);
  await again.goto(url);
  await expect(again.getByTestId('wizard')).toHaveAttribute('data-active-step', '3');
  await expect(again.locator('#agreed')).toBeChecked();
  await expect(again.getByTestId('sig-policyOwner-signed').getByRole('img')).toBeVisible();
  await again.getByTestId('step-0').click();
  await expect(again.locator('#lifeInsured-idNumber')).toHaveValue('123456789');
  await expect(again.getByTestId('beneficiary').first().getByLabel(text('applications:field_share', 'en'))).toHaveValue('100');
  await again.getByTestId('step-3').click();
  await expect(again.getByTestId('wizard')).toHaveAttribute('data-active-step', '3');

  // The advisor signs by keyboard: the typed alternative.
  await again
    .getByTestId('sig-advisor')
    .getByRole('button', { name: text('applications:signature_type_instead', 'en') })
    .click();
  await again.getByTestId('sig-advisor-typed').fill('Sokha Chan');
  await again
    .getByTestId('sig-advisor')
    .getByRole('button', { name: text('applications:signature_accept', 'en') })
    .click();
  await next(again, 4);
  await scan(again, 'after step 3 (declaration), in a new browser session');

  // Step 4: not referred; the advisor's statement.
  await again.locator('#referrerCode').selectOption('05');
  await again.locator('#statementAgreed').check();
  await next(again, 5);
  await scan(again, 'after step 4 (advisor statement)');

  // Step 5: two uploads, each with its progress bar (held back a moment so it can be seen).
  await again.route('**/api/document/v1/upload', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  const idGroup = again.getByTestId('group-insured-id');
  await idGroup.getByTestId('insured-id-id-number').fill('123456789');
  await idGroup.getByTestId('insured-id-expired-date').fill('31/12/2031');
  await idGroup
    .getByTestId('insured-id-file')
    .setInputFiles({ name: 'national-id.pdf', mimeType: 'application/pdf', buffer: ONE_PAGE_PDF });
  await idGroup.getByTestId('insured-id-upload').click();
  await expect(idGroup.getByTestId('insured-id-progress')).toBeVisible();
  await expect(idGroup.getByRole('status')).toHaveText(/%|Uploaded/);
  await expect(idGroup.getByTestId('uploaded-document')).toContainText('national-id.pdf');
  await expect(idGroup.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  await again.getByRole('button', { name: text('applications:documents_show_optional', 'en') }).click();
  const kyc = again.getByTestId('group-k-y-c-proof');
  await kyc.getByTestId('k-y-c-proof-file').setInputFiles({ name: 'family-book.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await kyc.getByTestId('k-y-c-proof-upload').click();
  await expect(kyc.getByTestId('k-y-c-proof-progress')).toBeVisible();
  await expect(kyc.getByTestId('uploaded-document')).toContainText('family-book.png');
  await expect(kyc.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await next(again, 6);
  personal.push('national-id.pdf', 'family-book.png', 'JVBERi0');
  await scan(again, 'after step 5 (supporting documents)');

  // Step 6: in good order; submit; the success screen opens the application form PDF.
  await expect(again.getByTestId('review-clean')).toBeVisible();
  // A read-only summary of what goes out, and an explicit confirmation before the irreversible submit.
  const summary = again.getByTestId('submission-summary');
  await expect(summary.getByTestId('summary-life-insured')).toContainText('123456789');
  await expect(summary.getByTestId('summary-beneficiary')).toContainText('Dara Sok');
  await expect(summary.getByTestId('summary-beneficiary')).toContainText(text('proposals:relationship_08', 'en'));
  await expect(summary.getByTestId('summary-beneficiary')).toContainText('100%');
  await expect(summary.getByTestId('summary-health')).toContainText(text('applications:no', 'en'));
  await expect(summary.getByTestId('summary-documents')).toContainText('national-id.pdf');
  await expect(summary.getByTestId('summary-documents')).toContainText('family-book.png');
  await expect(summary.getByTestId('summary-premium')).toContainText('$');
  await expect(again.getByTestId('submit-application')).toBeDisabled();
  await again.getByTestId('submit-confirm').check();
  await again.getByTestId('submit-application').click();
  await expect(again).toHaveURL(/application_create_sucess\?applicationId=/);
  await expect(again.getByTestId('submit-success')).toBeVisible();
  await scan(again, 'after step 6 (submitted)');
  const pdf = again.waitForResponse((res) => res.url().includes('/api/report/v1/generate/application-form/'));
  const tab = context.waitForEvent('page');
  await again.getByTestId('open-application-form').click();
  const answer = await pdf;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['content-type']).toBe('application/pdf');
  // The PDF opens in a new tab (a blob: URL, since the call needs the bearer token).
  expect((await tab).url()).toMatch(/^blob:/);
  // And it is the form itself: the same call, read here.
  const applicationId = new URL(url).searchParams.get('applicationId') ?? '';
  const login = await storedLogin(again);
  const bytes = await again.request.get(`/api/report/v1/generate/application-form/${applicationId}`, {
    headers: { Authorization: `Bearer ${login?.accessToken ?? ''}` },
  });
  expect(bytes.status()).toBe(200);
  expect((await bytes.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // Submitted is read-only.
  await again.goto(url);
  await expect(again.getByTestId('submitted-view')).toBeVisible();
  await context.close();
});

/** An application made from a new proposal and filled through the API: steps 0-5 complete, on step `activeStep`. */
async function readyApplication(page: Page, activeStep: number): Promise<{ id: string; url: string }> {
  const access = await token(page);
  const proposal = await savedProposal(page);
  const created = await apiPost(page, '/api/appform/v1/create', { proposalId: proposal.id }, access);
  expect(created.status(), await created.text()).toBe(201);
  let app = (await created.json()) as {
    id: string;
    version: number;
    steps: { personalInfo: { lifeInsured: Record<string, unknown> } & Record<string, unknown> };
  };
  const signed = (name: string) => ({ method: 'typed', typedName: name, signerName: name, signedAt: '2026-11-21T09:00:00+07:00' });
  const steps: [string, Record<string, unknown>][] = [
    [
      'personalInfo',
      {
        ...app.steps.personalInfo,
        lifeInsured: {
          ...app.steps.personalInfo.lifeInsured,
          idType: '1',
          idNumber: '123456789',
          idExpiryDate: '31/12/2031',
          phone: '012-555-777',
        },
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
    ],
    ['productInfo', { paymentType: 'CS', confirmed: true }],
    ['healthInfo', { answers: [1, 2, 3, 4, 5].map((n) => ({ questionNumber: n, answerSequenceNo: 1, answerValue: 'N' })) }],
    ['declarationAuthorization', { agreed: true, signatures: { policyOwner: signed('Rachana Test'), advisor: signed('Sokha Chan') } }],
    ['advisorStatement', { referrerCode: '05', isBankReferal: false, statementAgreed: true }],
  ];
  for (const [name, data] of steps) {
    const res = await apiPost(
      page,
      `/api/appform/v1/update/${app.id}`,
      { version: app.version, step: { name, data, complete: true } },
      access,
    );
    expect(res.status(), `${name}: ${await res.text()}`).toBe(200);
    app = (await res.json()) as typeof app;
  }
  const uploaded = await page.evaluate(
    async ({ id, access: bearer, pdf }) => {
      const xsrf = decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith('XSRF-TOKEN='))
          ?.slice('XSRF-TOKEN='.length) ?? '',
      );
      const form = new FormData();
      form.append('applicationId', id);
      form.append('documentCategoryCode', 'insured-id');
      form.append('documentCode', 'NATIONAL_ID_FRONT');
      form.append('idNumber', '123456789');
      form.append('expiredDate', '31/12/2031');
      form.append('file', new Blob([Uint8Array.from(atob(pdf), (c) => c.charCodeAt(0))], { type: 'application/pdf' }), 'national-id.pdf');
      const res = await fetch('/api/document/v1/upload', {
        method: 'POST',
        body: form,
        headers: { Authorization: `Bearer ${bearer}`, 'X-XSRF-TOKEN': xsrf },
      });
      return res.status;
    },
    { id: app.id, access, pdf: ONE_PAGE_PDF.toString('base64') },
  );
  expect(uploaded).toBe(201);
  const fresh = (await (
    await page.request.get(`/api/appform/v1/find/${app.id}`, { headers: { Authorization: `Bearer ${access}` } })
  ).json()) as { version: number };
  const done = await apiPost(
    page,
    `/api/appform/v1/update/${app.id}`,
    { version: fresh.version, activeStep, step: { name: 'supportingDocuments', data: {}, complete: true } },
    access,
  );
  expect(done.status(), await done.text()).toBe(200);
  return { id: app.id, url: `/home/application/detail?applicationId=${encodeURIComponent(app.id)}` };
}

async function storedApplication(
  page: Page,
  id: string,
): Promise<{ status: string; version: number; steps: { personalInfo: { lifeInsured: { phone?: string } } } }> {
  const res = await page.request.get(`/api/appform/v1/find/${id}`, { headers: { Authorization: `Bearer ${await token(page)}` } });
  expect(res.status()).toBe(200);
  return (await res.json()) as { status: string; version: number; steps: { personalInfo: { lifeInsured: { phone?: string } } } };
}

test('a step save that fails is shown, and submit never goes out with the draft from before it', async ({ page, pageProblems }) => {
  test.setTimeout(120_000);
  pageProblems.allow(/ERR_INTERNET_DISCONNECTED/);
  const app = await readyApplication(page, 6);
  await page.goto(app.url);
  await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '6');
  await expect(page.getByTestId('review-clean')).toBeVisible();

  // The network drops; the advisor corrects the phone number on step 0 and goes back to submit.
  await page.route('**/api/appform/v1/update/**', (route) => route.abort('internetdisconnected'));
  await page.getByTestId('step-0').click();
  await page.locator('#lifeInsured-phone').fill('012-999-888');
  await page.getByTestId('step-6').click();
  await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '6');
  // The failure is said, translated.
  await expect(page.getByTestId('save-state')).toHaveText(text('applications:save_retrying', 'en'));

  // Submit while the step is still unsaved: it is saved first; that fails, so nothing is submitted.
  const submits: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/appform/v1/submit/')) submits.push(req.url());
  });
  await page.getByTestId('submit-confirm').check();
  await page.getByTestId('submit-application').click();
  await expect(page.getByTestId('submit-problem')).toHaveText(text('applications:submit_unsaved', 'en'));
  await expect(page).toHaveURL(/\/home\/application\/detail\?applicationId=/);
  expect(submits).toEqual([]);
  const meanwhile = await storedApplication(page, app.id);
  expect(meanwhile.status).toBe('P');
  expect(meanwhile.steps.personalInfo.lifeInsured.phone).toBe('012-555-777');

  // The network is back: submit saves the correction, then submits exactly that.
  await page.unroute('**/api/appform/v1/update/**');
  await page.getByTestId('submit-application').click();
  await expect(page).toHaveURL(/application_create_sucess\?applicationId=/);
  const submitted = await storedApplication(page, app.id);
  expect(submitted.status).toBe('S');
  expect(submitted.steps.personalInfo.lifeInsured.phone).toBe('012-999-888');
});

test('a draft pending when the page is hidden or closed is sent with keepalive and arrives', async ({
  page,
  browser,
  sessions,
  pageProblems,
}) => {
  test.setTimeout(120_000);
  const app = await readyApplication(page, 0);
  // Watch the app's own fetch calls: which step saves go out, and whether with keepalive.
  await page.addInitScript(() => {
    const seen: { url: string; keepalive: boolean; body: string }[] = [];
    (window as unknown as { __saves: typeof seen }).__saves = seen;
    const original = window.fetch.bind(window);
    window.fetch = (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/api/appform/v1/update/'))
        seen.push({ url, keepalive: init?.keepalive === true, body: typeof init?.body === 'string' ? init.body : '' });
      return original(input, init);
    };
  });
  await page.goto(app.url);
  await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '0');

  // Typed, and the tab hidden at once (before the draft's pause is over): the save goes out now, keepalive.
  await page.locator('#lifeInsured-phone').fill('012-111-222');
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window as unknown as { __saves: { keepalive: boolean; body: string }[] }).__saves
          .filter((s) => s.body.includes('012-111-222'))
          .map((s) => s.keepalive),
      ),
    )
    .toEqual([true]);
  await expect.poll(async () => (await storedApplication(page, app.id)).steps.personalInfo.lifeInsured.phone).toBe('012-111-222');

  // Typed, and the page closed at once: the save still arrives, from a page under the service
  // worker as an installed app's pages are.
  const context = await browser.newContext({
    storageState: await sessions.get(ADVISOR),
    baseURL: test.info().project.use.baseURL,
    serviceWorkers: 'allow',
  });
  const other = await context.newPage();
  pageProblems.watch(other);
  await other.goto(app.url);
  await other.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await expect(other.locator('#lifeInsured-phone')).toHaveValue('012-111-222');
  await other.locator('#lifeInsured-phone').fill('012-333-444');
  await other.close({ runBeforeUnload: true });
  await expect
    .poll(async () => (await storedApplication(page, app.id)).steps.personalInfo.lifeInsured.phone, { timeout: 10_000 })
    .toBe('012-333-444');
  await context.close();
});
