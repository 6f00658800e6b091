// Plain words, never codes: the sales screens (dashboard, proposal detail, quote form, the
// application wizard's first two steps) at 360 px, in English and Khmer. Fails on a raw code
// (product, plan, rider, bank, a translation key) on any screen, and on an English word left on a
// Khmer screen. Names the test itself typed (people) and a few proper nouns are allowed.
import type { Page } from '@playwright/test';
import { RIDER_CODES } from '../../packages/domain/src/codes/riders';
import { apiPost } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { LANGS, type Lang } from '../support/i18n';
import { pageToken } from '../support/records';

const PRODUCT_CODES = ['LPTL', 'MLPX', 'EDU', 'ENDW', 'TRRP', 'MRTA', 'KRUR', 'TERM', 'THCR', 'TMCR'];
const BANK_CODES = ['BAANZ', 'BAMAY', 'BAABA', 'BAFTB', 'BACIM', 'BASPN'];
const CODES = new Set<string>([...PRODUCT_CODES, ...RIDER_CODES, ...BANK_CODES]);
const PLAN_KEY = /\b[A-Z]{3}\d{2}-\d{2}-\d{2}\b/;
const I18N_KEY = /\b(?:proposals|applications|common|home|errors|validation|contacts|nav):[a-z_]+/;
/** Latin words a Khmer screen may show: brands, units and formats the insurer keeps in Latin. */
const LATIN_ALLOWED = new Set(['PDF', 'KHQR', 'USD', 'English', 'Bakong', 'Wing']);

async function problemsOn(page: Page, lang: Lang, allowedNames: readonly string[]): Promise<string[]> {
  const text = await page.locator('main').innerText();
  const problems: string[] = [];
  for (const word of text.match(/[A-Z][A-Z0-9]{2,}/g) ?? []) if (CODES.has(word)) problems.push(`code ${word}`);
  const plan = PLAN_KEY.exec(text);
  if (plan) problems.push(`plan key ${plan[0]}`);
  const key = I18N_KEY.exec(text);
  if (key) problems.push(`translation key ${key[0]}`);
  if (lang === 'km') {
    // A select's other options (every contact of the advisor, made by other tests) are not on screen: its chosen one is.
    const shown = await page.locator('main').evaluate((main) => {
      const copy = main.cloneNode(true) as HTMLElement;
      const originals = main.querySelectorAll('select');
      copy.querySelectorAll('select').forEach((select, i) => {
        const original = originals[i];
        select.replaceWith(original?.selectedOptions[0]?.text ?? '');
      });
      document.body.append(copy);
      const visible = copy.innerText;
      copy.remove();
      return visible;
    });
    const allowed = new Set([...LATIN_ALLOWED, ...allowedNames.flatMap((n) => n.split(/\s+/))]);
    const latin = (
      shown
        .replace(/\S+@\S+/g, '')
        .replace(/\b(?:PR|AP)\d{8}\b/g, '')
        .match(/[A-Za-z]{3,}/g) ?? []
    ).filter((w) => !allowed.has(w));
    if (latin.length > 0) problems.push(`English on a Khmer screen: ${[...new Set(latin)].join(', ')}`);
  }
  return problems;
}

for (const lang of LANGS) {
  test.describe(`plain words on the sales screens (${lang})`, () => {
    test.use({ lang, signedInAs: 'demo.aap', viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

    test('dashboard, proposal, quote form and the first wizard steps show labels, not codes', async ({ page }) => {
      test.setTimeout(120_000);
      const token = await pageToken(page);
      const lastName = `Plain${Date.now().toString(36).replace(/\d/g, 'q')}`;
      const contact = (await (
        await apiPost(
          page,
          '/api/contact/v1/create',
          {
            contactType: 'lifeInsured',
            firstName: 'Sophal',
            lastName,
            firstNameKh: 'សុផល',
            lastNameKh: 'ចាន់',
            gender: 'F',
            dateOfBirth: '03/03/1988',
            phone: '012-555-781',
            idType: '1',
            idNumber: '123456780',
            occupation: 'Teacher',
            address: 'Street 271',
          },
          token,
        )
      ).json()) as { id: string };
      const proposalRes = await apiPost(
        page,
        '/api/proposal/v1/create',
        {
          lifeInsuredContactId: contact.id,
          productCode: 'TERM',
          faceAmount: '25,000',
          policyTerm: 10,
          premiumTerm: 10,
          riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000' }, { code: 'CIWOP' }],
          premiumMode: 'annual',
        },
        token,
      );
      expect(proposalRes.status(), await proposalRes.text()).toBe(201);
      const proposal = (await proposalRes.json()) as { id: string };
      // The people's names, and the signed-in advisor's own name in the header of the dashboard.
      const names = ['Sophal', lastName, 'Teacher', 'Street', 'Sokha', 'Chan'];
      const found: Record<string, string[]> = {};

      await page.goto('/home');
      await expect(page.locator('main h1')).toBeVisible();
      await expect(page.locator('main')).not.toContainText('…', { timeout: 15_000 });
      found.dashboard = await problemsOn(page, lang, names);

      await page.goto(`/home/proposal/proposal-detail/${proposal.id}`);
      await expect(page.getByTestId('coverage-table')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('proposal-product')).not.toHaveText('TERM');
      found.proposal = await problemsOn(page, lang, names);

      await page.goto(`/home/proposal?copyFrom=${proposal.id}`);
      await expect(page.getByTestId('quote-premium')).toHaveText(/^\$\d/, { timeout: 30_000 });
      found.quote = await problemsOn(page, lang, names);

      await page.getByTestId('quote-save').click();
      await expect(page).toHaveURL(/new-proposal-created-success/);
      const copyId = page.url().split('/').pop() ?? '';
      await page.goto(`/home/application?proposalId=${copyId}`);
      await expect(page.getByTestId('wizard')).toHaveAttribute('data-active-step', '0');
      found.wizardStep0 = await problemsOn(page, lang, names);
      await page.getByTestId('step-1').click();
      await expect(page.getByTestId('product-name')).not.toContainText('TERM');
      found.wizardStep1 = await problemsOn(page, lang, names);

      expect(found).toEqual({ dashboard: [], proposal: [], quote: [], wizardStep0: [], wizardStep1: [] });
    });
  });
}
