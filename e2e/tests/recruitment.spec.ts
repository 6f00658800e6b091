// Recruitment in the browser, the whole journey: an agency advisor sends a new candidate
// a secure link; the candidate opens it, enters the OTP from the dev outbox and fills in the form
// with its documents; the agency admin reads the whole application, approves it, assigns an ITC
// class and uploads exam results, each refused row named in words.
// (The product-permission step on the quote form is added when proposals are merged.)
import type { Browser, Page } from '@playwright/test';
import { withNewOtp } from '../support/auth';
import { ONE_PAGE_PDF } from '../support/files';
import { expect, test } from '../support/fixtures';
import { text } from '../support/i18n';
import { readOutbox, signIn } from '../support/sign-in';

/** A real (1 x 1) PNG: uploads are checked chunk by chunk, so a signature with filler is refused. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');

async function newPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseURL ?? '' });
  const page = await context.newPage();
  page.on('dialog', (dialog) => void dialog.accept());
  return page;
}

async function uploadDocument(page: Page, type: string, fileName: string, buffer: Buffer, mimeType: string) {
  const box = page.getByTestId(`upload-${type}`);
  await box.getByTestId(`upload-${type}-file`).setInputFiles({ name: fileName, mimeType, buffer });
  await box.getByRole('button', { name: text('recruitment:upload_send', 'en') }).click();
  await expect(page.getByTestId(`document-${type}`).getByTestId('document-file')).toHaveText(fileName);
}

test.use({ signedInAs: 'demo.aap' });

test('a candidate goes from a secure link to an ITC class; exam rows are refused in words', async ({ page, browser, baseURL }) => {
  test.setTimeout(240_000);
  page.on('dialog', (dialog) => void dialog.accept());
  const phone = `017${digits(6)}`;
  const idNumber = digits(9);

  // 1. The advisor checks the person and sends the secure link.
  await page.goto('/home/recruitment/recruit-new_agent_method');
  await page.getByTestId('method-link').click();
  await expect(page).toHaveURL(/mode=requestTokenLink/);
  const form = page.getByTestId('request-link-form');
  await form.getByLabel(text('recruitment:first_name', 'en')).fill('Sophea');
  await form.getByLabel(text('recruitment:last_name', 'en')).fill('Noun');
  await form.getByLabel(text('recruitment:phone', 'en')).fill(phone);
  await form.getByLabel(text('recruitment:id_number', 'en')).fill(idNumber);
  await form.getByRole('button', { name: text('recruitment:send_link', 'en') }).click();
  await expect(page.getByTestId('link-sent')).toBeVisible();
  const candidateNumber = /C\d{7}/.exec(await page.getByTestId('link-sent').innerText())?.[0] ?? '';
  expect(candidateNumber).toMatch(/^C\d{7}$/);

  // 2. The candidate opens the link from the SMS and enters the OTP.
  const sms = (await readOutbox(page.request, `+855${phone.slice(1)}`)).find((m) => m.purpose === 'secure-link');
  expect(sms?.link).toContain('/secure-link#token=');
  const link = new URL(sms?.link ?? '');
  const candidate = await newPage(browser, baseURL);
  const cnlUser = `cnl.${candidateNumber.toLowerCase()}`;
  const otp = await withNewOtp(candidate, cnlUser, 'login', async () => {
    await candidate.goto(`${link.pathname}${link.hash}`);
    await expect(candidate.getByTestId('secure-link-otp')).toBeEnabled();
  });
  expect(await candidate.evaluate(() => window.location.hash)).toBe('');
  await candidate.getByTestId('secure-link-otp').fill(otp);
  await candidate.getByRole('button', { name: text('recruitment:secure_link_continue', 'en') }).click();
  await expect(candidate).toHaveURL(/recruitment-new-candidate\?mode=verifyTokenLink/);

  // 3. The candidate fills in the form and uploads the documents, then submits.
  const own = candidate.getByTestId('candidate-form');
  await expect(own).toBeVisible();
  await own.getByLabel(text('recruitment:gender', 'en')).selectOption('F');
  await own.getByLabel(text('recruitment:date_of_birth', 'en')).fill('14/02/1996');
  await own.getByLabel(text('recruitment:institution', 'en')).fill('Royal University of Phnom Penh');
  await own.getByLabel(text('recruitment:accept_code_of_conduct', 'en')).check();
  await own.getByLabel(text('recruitment:accept_contract', 'en')).check();
  await own.getByRole('button', { name: text('recruitment:save_draft', 'en') }).click();
  await expect(candidate.getByText(text('recruitment:saved', 'en'))).toBeVisible();
  await uploadDocument(candidate, 'portrait-photo', 'portrait.png', PNG, 'image/png');
  for (const type of ['id-card', 'id-back', 'diploma', 'consent-form', 'signed-contract']) {
    await uploadDocument(candidate, type, `${type}.pdf`, ONE_PAGE_PDF, 'application/pdf');
  }
  await candidate.getByTestId('submit-application').click();
  await expect(candidate).toHaveURL(/application-submit-success/);
  await expect(candidate.getByTestId('submit-success')).toContainText(candidateNumber);
  // The link was single-use.
  await candidate.goto(`${link.pathname}${link.hash}`);
  await expect(candidate).toHaveURL(/\/secure-link\/link-expired/);

  // 4. The agency admin, on a phone, reads the whole application before approving it (with a
  // confirmation), then assigns an ITC class.
  const admin = await newPage(browser, baseURL);
  await admin.setViewportSize({ width: 360, height: 740 });
  await signIn(admin, 'demo.aa');
  await admin.goto(`/home/recruitment/application-view?candidateNumber=${candidateNumber}`);
  await expect(admin.getByTestId('candidate-status')).toHaveAttribute('data-status', 'submitted');
  await expect(admin.getByTestId('detail-gender')).toHaveText(text('recruitment:gender_f', 'en'));
  await expect(admin.getByTestId('detail-education')).toContainText('Royal University of Phnom Penh');
  await expect(admin.getByTestId('document-table')).toContainText('signed-contract.pdf');
  await admin.getByTestId('approve').click();
  await expect(admin).toHaveURL(/approve-successfully/);
  await admin.getByRole('link', { name: text('recruitment:open_application', 'en') }).click();
  await expect(admin.getByTestId('candidate-status')).toHaveAttribute('data-status', 'approved');
  await admin.getByTestId('assign-itc').click();
  await expect(admin.getByTestId('candidate-status')).toHaveAttribute('data-status', 'itc_assigned');
  await expect(admin.getByTestId('stage-history')).toContainText('Chenda Meas');

  // 5. Exam results: a file of the wrong type says what is accepted; a file with a mistyped header
  // column is refused as a whole (the file's problem, not a row's); the filled template dated today
  // is refused row by row, in words: the class has not started yet. (The later steps, licence and
  // conversion, need the class to have started: the API tests move the clock for them.)
  await admin.goto('/home/recruitment/upload-itc-exam-result');
  const upload = async (name: string, mimeType: string, content: string) => {
    await admin
      .getByTestId('exam-upload')
      .locator('input[type=file]')
      .setInputFiles({ name, mimeType, buffer: Buffer.from(content) });
    await admin
      .getByTestId('exam-upload')
      .getByRole('button', { name: text('recruitment:upload_send', 'en') })
      .click();
  };
  await upload('results.txt', 'text/plain', 'not a sheet');
  await expect(admin.getByTestId('exam-upload')).toContainText(text('recruitment:upload_wrong_type_sheet', 'en'));
  const today = new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 10);
  await upload(
    'results.csv',
    'text/csv',
    `candidateNumber,lastName,firstName,itcClass,examDate,scor,result\r\n${candidateNumber},Noun,Sophea,,${today},88,PASS\r\n`,
  );
  const fileErrors = admin.getByTestId('exam-file-errors');
  await expect(fileErrors).toContainText(text('recruitment:exam_file_problems', 'en'));
  await expect(fileErrors).toContainText(text('validation:exam_header_unknown', 'en').replace('{column}', 'scor'));
  await expect(fileErrors).toContainText(text('validation:exam_header_missing', 'en').replace('{column}', 'score'));
  await expect(admin.getByTestId('exam-row-errors')).toHaveCount(0);
  await upload(
    'results.csv',
    'text/csv',
    [
      'candidateNumber,lastName,firstName,itcClass,examDate,score,result',
      `C9999999,X,Y,,${today},50,FAIL`,
      `${candidateNumber},Noun,Sophea,,${today},88,PASS`,
      `${candidateNumber},Noun,Sophea,,${today},88,PASS`,
    ].join('\r\n'),
  );
  const rows = admin.getByTestId('exam-row-errors').locator('tbody tr');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(text('validation:exam_unknown_candidate', 'en'));
  await expect(rows.nth(1)).toContainText('examDate');
  await expect(rows.nth(1)).toContainText(text('validation:exam_date_before_class', 'en'));
  await expect(rows.nth(2)).toContainText(text('validation:exam_duplicate_row', 'en'));
  await expect(admin.getByTestId('exam-result')).toHaveCount(0);
  await admin.goto(`/home/recruitment/application-view?candidateNumber=${candidateNumber}`);
  await expect(admin.getByTestId('candidate-status')).toHaveAttribute('data-status', 'itc_assigned');
});
