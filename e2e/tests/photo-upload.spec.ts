// Photos from the phone's camera become PDFs (the application's documents, a policy's requested
// documents, a candidate's documents), each shown as a thumbnail before it is sent.
// Photos are shrunk on the phone before they are sent: a 6 MB PNG photo chosen for an
// application's ID document (over the 5 MB upload limit: the phone takes it, since it sends it
// shrunk) reaches the server at most about 1 MB — smaller in pixels, the same
// shape, still a PNG — while a PDF of more than 1 MB is sent byte for byte. What the server holds
// is read back through the API (the document's record and its bytes), not from the page.
import { createHash } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiGet } from '../support/auth';
import { noisePng, pdfOfSize, pngSize } from '../support/files';
import { expect, test } from '../support/fixtures';
import { LANGS, text } from '../support/i18n';
import { pageToken, pendingApplication } from '../support/records';
import { cameraJpeg } from '../support/wizard';

/** lib/shrink-photo's target: about 1 MB. */
const PHOTO_TARGET_BYTES = 1024 * 1024;

test.use({ signedInAs: 'demo.aap' });

interface StoredDocument {
  applicationDocumentUploadId: string;
  fileName: string;
  mediaType: string;
  size: number;
  sha256: string;
}

test('a large photo is shrunk to about 1 MB before it is sent; a PDF is sent as it is', async ({ page }) => {
  test.setTimeout(90_000);
  const applicationId = await pendingApplication(page);
  const token = await pageToken(page);
  const stored = async (fileName: string): Promise<StoredDocument> => {
    const res = await apiGet(page, `/api/document/v1/find/appform/${applicationId}`, token);
    expect(res.status()).toBe(200);
    const found = ((await res.json()) as { items: StoredDocument[] }).items.find((d) => d.fileName === fileName);
    if (!found) throw new Error(`${fileName} is not stored`);
    return found;
  };

  await page.goto(`/home/application/detail?applicationId=${encodeURIComponent(applicationId)}`);
  await page.getByTestId('step-5').click();
  await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '5');
  const group = page.getByTestId('group-insured-id');
  const upload = async (name: string, mimeType: string, buffer: Buffer) => {
    await group.getByTestId('insured-id-id-number').fill('123456789');
    await group.getByTestId('insured-id-expired-date').fill('31/12/2031');
    // A 6 MB file crosses to the browser over the DevTools protocol: slower than a click on a busy machine.
    await group.getByTestId('insured-id-file').setInputFiles({ name, mimeType, buffer }, { timeout: 30_000 });
    const sent = page.waitForRequest((req) => req.url().endsWith('/api/document/v1/upload') && req.method() === 'POST');
    await group.getByTestId('insured-id-upload').click();
    const request = await sent;
    await expect(group.getByTestId('uploaded-document').filter({ hasText: name })).toBeVisible();
    return request.postDataBuffer()?.length ?? 0;
  };

  // A 1600 x 1300 PNG photo of about 6 MB, over the 5 MB upload limit.
  const photo = noisePng(1600, 1300);
  expect(photo.length).toBeGreaterThan(5 * PHOTO_TARGET_BYTES);
  const photoRequestBytes = await upload('id-photo.png', 'image/png', photo);
  // What went over the network: the shrunk photo and the form's few text fields.
  expect(photoRequestBytes).toBeLessThan(PHOTO_TARGET_BYTES + 4096);
  const storedPhoto = await stored('id-photo.png');
  expect(storedPhoto.mediaType).toBe('image/png');
  expect(storedPhoto.size).toBeLessThanOrEqual(PHOTO_TARGET_BYTES);
  // Not cut too far either: a readable photo, not a thumbnail.
  expect(storedPhoto.size).toBeGreaterThan(PHOTO_TARGET_BYTES / 4);
  const bytes = await apiGet(page, `/api/document/v1/download?id=${encodeURIComponent(storedPhoto.applicationDocumentUploadId)}`, token);
  expect(bytes.status()).toBe(200);
  const body = await bytes.body();
  expect(body.length).toBe(storedPhoto.size);
  const size = pngSize(body);
  expect(size.width).toBeLessThan(1600);
  expect(size.width).toBeGreaterThan(300);
  expect(size.width / size.height).toBeCloseTo(1600 / 1300, 1);

  // A PDF of 1.5 MB: the same bytes arrive.
  const pdf = pdfOfSize(1.5 * PHOTO_TARGET_BYTES);
  await upload('id-scan.pdf', 'application/pdf', pdf);
  const storedPdf = await stored('id-scan.pdf');
  expect(storedPdf.size).toBe(pdf.length);
  expect(storedPdf.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
});

test.describe('a camera photo on a phone', () => {
  test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test('a JPEG taken with the camera is shown as a thumbnail, converted to a PDF and stored as one', async ({ page }) => {
    test.setTimeout(90_000);
    const applicationId = await pendingApplication(page);
    const token = await pageToken(page);
    await page.goto(`/home/application/detail?applicationId=${encodeURIComponent(applicationId)}`);
    await page.getByTestId('step-5').click();
    await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '5');
    const jpeg = await cameraJpeg(page);
    expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));

    const group = page.getByTestId('group-insured-id');
    await expect(group.getByTestId('insured-id-file-take-photo')).toBeVisible();
    await expect(group.getByTestId('insured-id-file-camera')).toHaveAttribute('capture', 'environment');
    await group.getByTestId('insured-id-id-number').fill('123456789');
    await group.getByTestId('insured-id-expired-date').fill('31/12/2031');
    await group.getByTestId('insured-id-file-camera').setInputFiles({ name: 'IMG_0042.jpg', mimeType: 'image/jpeg', buffer: jpeg });
    await expect(group.getByTestId('insured-id-file-preview').locator('img')).toBeVisible();
    await expect(group.getByTestId('insured-id-file-preview')).toContainText('IMG_0042.jpg');
    const converted = page.waitForResponse((res) => res.url().endsWith('/api/document/v1/scan'));
    await group.getByTestId('insured-id-upload').click();
    expect((await converted).status()).toBe(200);
    await expect(group.getByTestId('uploaded-document').filter({ hasText: 'IMG_0042.pdf' })).toBeVisible();

    const res = await apiGet(page, `/api/document/v1/find/appform/${applicationId}`, token);
    const stored = ((await res.json()) as { items: StoredDocument[] }).items.find((d) => d.fileName === 'IMG_0042.pdf');
    expect(stored?.mediaType).toBe('application/pdf');
    const bytes = await apiGet(
      page,
      `/api/document/v1/download?id=${encodeURIComponent(stored?.applicationDocumentUploadId ?? '')}`,
      token,
    );
    expect((await bytes.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

/** One of the advisor's policies with a requirement still outstanding (found through the API). */
async function policyWithOutstandingRequirement(page: Page, token: string): Promise<{ policyNumber: string; code: string }> {
  const list = (await (await apiGet(page, '/api/policy/v1/search/customers?size=100', token)).json()) as {
    items: { policyNumber: string }[];
  };
  for (const { policyNumber } of list.items) {
    const res = await apiGet(page, `/api/policy/v1/search/details/${encodeURIComponent(policyNumber)}`, token);
    const detail = (await res.json()) as { pending: { code: string; status: string }[] };
    const open = detail.pending.find((r) => r.status === 'outstanding');
    if (open) return { policyNumber, code: open.code };
  }
  throw new Error('no demo policy of the advisor has an outstanding requirement');
}

for (const lang of LANGS) {
  test.describe(`a camera photo for a requested document and a candidate's document (${lang})`, () => {
    test.use({ lang, viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

    test('a pending requirement takes a JPEG from the camera, shows it, and stores it as a PDF', async ({ page }) => {
      test.setTimeout(90_000);
      const token = await pageToken(page);
      const { policyNumber, code } = await policyWithOutstandingRequirement(page, token);
      await page.goto(`/home/servicing/policy-detail/${policyNumber}`);
      const upload = page.getByTestId('pending-upload');
      await upload.getByLabel(text('servicing:upload_requirement', lang)).selectOption(code);
      // The requirement is chosen by its description: its code is not shown.
      expect(await upload.getByLabel(text('servicing:upload_requirement', lang)).locator('option:checked').innerText()).not.toContain(code);
      await expect(upload.getByTestId('pending-file-take-photo')).toHaveText(text('common:take_photo', lang));
      await expect(upload.getByTestId('pending-file-camera')).toHaveAttribute('capture', 'environment');
      await upload
        .getByTestId('pending-file-camera')
        .setInputFiles({ name: 'IMG_0107.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(page) });
      await expect(upload.getByTestId('pending-file-preview').locator('img')).toBeVisible();
      await expect(upload.getByTestId('pending-file-preview')).toContainText('IMG_0107.jpg');
      const converted = page.waitForResponse((res) => res.url().endsWith('/api/document/v1/scan'));
      const stored = page.waitForResponse((res) => res.url().includes(`/upload/${policyNumber}/client-pending-doc`));
      await upload.getByRole('button', { name: text('servicing:upload_send', lang) }).click();
      expect((await converted).status()).toBe(200);
      const answer = await stored;
      expect(answer.status()).toBe(201);
      const body = (await answer.json()) as { pendingCode: string; document: { fileName: string; mediaType: string } };
      expect(body.pendingCode).toBe(code);
      expect(body.document.fileName).toBe('IMG_0107.pdf');
      expect(body.document.mediaType).toBe('application/pdf');
      await expect(page.locator(`[data-pending-code="${code}"]`).getByTestId('pending-status')).toHaveText(
        text('servicing:pending_status_submitted', lang),
      );
    });

    test("a candidate's ID card is taken with the camera on the recruiter's phone and stored as a PDF", async ({ page }) => {
      test.setTimeout(90_000);
      const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
      await page.goto('/home/recruitment/recruitment-new-candidate?mode=createRecruitmentApp');
      const init = page.getByTestId('init-candidate-form');
      await init.getByLabel(text('recruitment:first_name', lang)).fill('Dara');
      await init.getByLabel(text('recruitment:last_name', lang)).fill(`Photo${Date.now().toString(36).replace(/\d/g, 'x')}`);
      await init.locator('select[name=gender]').selectOption('M');
      await init.getByLabel(text('recruitment:date_of_birth', lang)).fill('09/09/1995');
      await init.getByLabel(text('recruitment:phone', lang)).fill(`016${digits(6)}`);
      // The ID type is offered by name.
      const idType = init.locator('select[name=idType]');
      await expect(idType.locator('option[value="1"]')).toHaveText(text('recruitment:id_type_1', lang));
      await idType.selectOption('1');
      await init.getByLabel(text('recruitment:id_number', lang)).fill(digits(9));
      await init.getByRole('button', { name: text('recruitment:create_candidate', lang) }).click();
      await expect(page).toHaveURL(/application-detail\?candidateNumber=C\d{7}/);

      const box = page.getByTestId('upload-id-card');
      await expect(box.getByTestId('upload-id-card-file-take-photo')).toHaveText(text('common:take_photo', lang));
      await expect(box.getByTestId('upload-id-card-file-camera')).toHaveAttribute('capture', 'environment');
      await box
        .getByTestId('upload-id-card-file-camera')
        .setInputFiles({ name: 'IMG_0201.jpg', mimeType: 'image/jpeg', buffer: await cameraJpeg(page) });
      await expect(box.getByTestId('upload-id-card-file-preview').locator('img')).toBeVisible();
      const converted = page.waitForResponse((res) => res.url().endsWith('/api/document/v1/scan'));
      await box.getByRole('button', { name: text('recruitment:upload_send', lang) }).click();
      expect((await converted).status()).toBe(200);
      await expect(page.getByTestId('document-id-card').getByTestId('document-file')).toHaveText('IMG_0201.pdf');
    });
  });
}
