// Proposals as an advisor does it on a phone: from a contact, quote Family Protector
// (TERM) with riders, watch the premium follow the payment mode (the engine runs in the browser),
// save (the server recalculates and keeps its answer), open the benefit illustration PDF in
// English and in Khmer, and show the KHQR code for the first premium. Texts come from the
// language files; the contact is unique per run (demo.aap's book is shared by every run).
import type { Page, Response } from '@playwright/test';
import { apiGet, apiPost, storedLogin } from '../support/auth';
import { expectMainHeading } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { text } from '../support/i18n';

const lang = 'en' as const;
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (page: Page, key: string) => page.getByLabel(new RegExp(`^${escapeRegExp(text(key, lang))}( \\*)?$`));
const isReport = (pdfLang: string) => (res: Response) =>
  /\/api\/proposal\/v1\/find\/report\//.test(res.url()) && new URL(res.url()).searchParams.get('lang') === pdfLang;

test.describe('proposals', () => {
  test.use({ lang, signedInAs: 'demo.aap', viewport: { width: 360, height: 800 } });

  test('from a contact: quote TERM with riders, change the mode, save, PDF in English and Khmer, KHQR', async ({ page }) => {
    test.setTimeout(150_000);
    await page.goto('/home');
    const login = await storedLogin(page);
    const unique = Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)
      .padEnd(6, 'x');
    const created = await apiPost(
      page,
      '/api/contact/v1/create',
      {
        contactType: 'lifeInsured',
        firstName: 'Dara',
        lastName: `Quote${unique}`,
        firstNameKh: 'ដារា',
        lastNameKh: 'សុខ',
        gender: 'M',
        dateOfBirth: '1990-06-15',
        phone: `012-${String(Math.floor(Math.random() * 900) + 100)}-${String(Math.floor(Math.random() * 900) + 100)}`,
      },
      login?.accessToken,
    );
    expect(created.status(), await created.text()).toBe(201);
    const contact = (await created.json()) as { id: string };

    // The quote starts from the contact's page: the life insured is chosen already.
    await page.goto(`/home/contact/contact-detail/${contact.id}`);
    await page.getByRole('link', { name: text('proposals:new_proposal', lang), exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/home/proposal' && url.searchParams.get('contactId') === contact.id);
    await expectMainHeading(page, 'proposals:title', lang);
    await expect(field(page, 'proposals:life_insured')).toHaveValue(contact.id);
    await field(page, 'proposals:product').selectOption('TERM');
    await field(page, 'proposals:face_amount').fill('25000');
    for (const code of ['TBUR', 'TCIR', 'CIWOP']) await page.getByTestId(`rider-${code}`).getByRole('checkbox').check();
    await page.getByTestId('rider-TCIR-amount').fill('10000');

    // Premiums from the browser engine; the headline follows the chosen mode.
    const premium = page.getByTestId('quote-premium');
    await expect(premium).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
    const annualRow = page.getByTestId('premium-row-annual');
    const monthlyRow = page.getByTestId('premium-row-monthly');
    await expect(annualRow.locator('td').last()).toHaveText(/^\$\d/);
    const annual = await annualRow.locator('td').last().textContent();
    await expect(premium).toHaveText(annual ?? '');
    await page.getByRole('radio', { name: text('proposals:mode_monthly', lang), exact: true }).check();
    const monthly = await monthlyRow.locator('td').last().textContent();
    expect(monthly).not.toBe(annual);
    await expect(premium).toHaveText(monthly ?? '');
    await expect(page.getByTestId('quote-summary')).toContainText(text('proposals:mode_monthly', lang));

    // A sum assured out of range is shown next to the field, translated; then put right.
    await field(page, 'proposals:face_amount').fill('100');
    await expect(page.getByText(text('validation:min', lang), { exact: true })).toBeVisible();
    await field(page, 'proposals:face_amount').fill('25000');
    await expect(premium).toHaveText(monthly ?? '');

    // Save: the server's answer is the record, and it agrees with the browser.
    await page.getByRole('button', { name: text('proposals:save_proposal', lang) }).click();
    await expect(page).toHaveURL(/\/home\/proposal\/new-proposal-created-success\/[0-9a-f-]{36}$/);
    await expectMainHeading(page, 'proposals:created_success_title', lang);
    const proposalId = page.url().split('/').pop() ?? '';
    await expect(page.getByTestId('proposal-created')).toContainText(/PR\d{8}/);

    // The PDF in English, then in Khmer (fetched with the token, shown in the page, downloadable).
    const english = page.waitForResponse(isReport('en'));
    await page.getByRole('link', { name: text('proposals:view_pdf', lang) }).click();
    await expectMainHeading(page, 'proposals:pdf_title', lang);
    const en = await english;
    expect(en.status()).toBe(200);
    expect(en.headers()['content-type']).toBe('application/pdf');
    // The page's own copy is a blob in the frame; the same call made here shows it is a real PDF.
    const again = await apiGet(page, new URL(en.url()).pathname + new URL(en.url()).search, login?.accessToken ?? '');
    expect((await again.body()).subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByTestId('pdf-frame')).toHaveAttribute('data-lang', 'en');
    await expect(page.getByRole('link', { name: text('proposals:pdf_download', lang) })).toHaveAttribute(
      'download',
      /^proposal-PR\d{8}-en\.pdf$/,
    );
    const khmer = page.waitForResponse(isReport('km'));
    await page.getByTestId('pdf-language').getByText('ខ្មែរ', { exact: true }).click();
    const km = await khmer;
    expect(km.status()).toBe(200);
    expect(km.headers()['content-language']).toBe('km-KH');
    await expect(page.getByTestId('pdf-frame')).toHaveAttribute('data-lang', 'km');
    await expect(page.getByRole('link', { name: text('proposals:pdf_download', lang) })).toHaveAttribute(
      'download',
      /^proposal-PR\d{8}-km\.pdf$/,
    );

    // The detail: the stored monthly premium, and the KHQR code for it.
    await page.goto(`/home/proposal/proposal-detail/${proposalId}`);
    await expectMainHeading(page, 'proposals:detail_title', lang);
    await expect(page.getByTestId('proposal-premium')).toHaveText(monthly ?? '');
    await expect(page.getByTestId('proposal-status')).toHaveText(text('proposals:status_presented', lang));
    await page.getByRole('button', { name: text('proposals:payment_show', lang) }).click();
    const qr = page.getByTestId('khqr-image');
    await expect(qr).toBeVisible();
    await expect(qr).toHaveAttribute('src', /^data:image\/svg\+xml;base64,/);
    await expect(page.getByTestId('khqr-reference')).toHaveText(/^OPC\d{10}$/);
    await expect(page.getByTestId('proposal-status')).toHaveText(text('proposals:status_paymentRequested', lang));

    // It is in the list, newest first.
    await page.goto('/home/proposal/proposal-list');
    await expect(page.getByTestId('proposal-row').first()).toContainText(`Dara Quote${unique}`);
  });
});
