// Agent product permissions take effect on the quote form: the agency admin limits a banca advisor
// (demo.bk, of the same agency) to First Plan; the quote form then offers only First Plan and the
// engine refuses a Family Protector (TERM) quote; once the admin permits TERM again, the next
// screen load offers it, with the same sign-in, and the quote saves. The admin's calls go through the API with the
// admin's own session (the recruitment screens drive the same calls: see recruitment.spec).
import type { Page } from '@playwright/test';
import { apiGet, apiPost, storedLogin } from '../support/auth';
import { expectMainHeading, seriousA11yViolations } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { LANGS, text } from '../support/i18n';
import { permitProducts, subjectOf } from '../support/records';

const lang = 'en' as const;
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (page: Page, key: string) => page.getByLabel(new RegExp(`^${escapeRegExp(text(key, lang))}( \\*)?$`));

/** The access token kept in a saved browser state (localStorage `token`). */
function tokenOf(state: { origins: { localStorage: { name: string; value: string }[] }[] }): string {
  const stored = state.origins.flatMap((o) => o.localStorage).find((e) => e.name === 'token');
  return (JSON.parse(stored?.value ?? '{}') as { accessToken?: string }).accessToken ?? '';
}

test.describe('product permissions on the quote form', () => {
  test.use({ lang, signedInAs: 'demo.bk', viewport: { width: 360, height: 800 } });

  test('offers only the permitted products; a product permitted later is offered on the next screen load', async ({ page, sessions }) => {
    test.setTimeout(120_000);
    await page.goto('/home');
    const advisorToken = (await storedLogin(page))?.accessToken ?? '';
    const advisorId = subjectOf(advisorToken);
    const adminToken = tokenOf(await sessions.get('demo.aa'));

    const permit = (productCodes: string[]) => permitProducts(page, adminToken, advisorId, productCodes);

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
        firstName: 'Malis',
        lastName: `Permit${unique}`,
        gender: 'F',
        dateOfBirth: '1988-03-02',
        phone: `015-${String(Math.floor(Math.random() * 900) + 100)}-${String(Math.floor(Math.random() * 900) + 100)}`,
      },
      advisorToken,
    );
    expect(created.status(), await created.text()).toBe(201);
    const contact = (await created.json()) as { id: string };

    // Limited to First Plan: the quote form offers nothing else, and the engine refuses a TERM quote.
    await permit(['LPTL']);
    await page.goto(`/home/proposal?contactId=${contact.id}`);
    await expectMainHeading(page, 'proposals:title', lang);
    const product = field(page, 'proposals:product');
    await expect(product.locator('option[value="LPTL"]')).toHaveCount(1);
    await expect(product.locator('option[value="TERM"]')).toHaveCount(0);
    const quote = await apiPost(
      page,
      '/api/engine/v1/calculate',
      { productCode: 'TERM', lifeInsured: { dateOfBirth: '1988-03-02', gender: 'F' }, faceAmount: '25000.00' },
      advisorToken,
    );
    expect(quote.status()).toBe(403);

    // Permitted again: the next screen load offers TERM, with the same sign-in, and the quote saves.
    await permit(['LPTL', 'TERM']);
    await page.reload();
    await expectMainHeading(page, 'proposals:title', lang);
    await field(page, 'proposals:product').selectOption('TERM');
    await field(page, 'proposals:face_amount').fill('25000');
    await expect(page.getByTestId('quote-premium')).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
    await page.getByRole('button', { name: text('proposals:save_proposal', lang) }).click();
    await expect(page).toHaveURL(/\/home\/proposal\/new-proposal-created-success\/[0-9a-f-]{36}$/);
    expect((await storedLogin(page))?.accessToken).toBe(advisorToken);
  });
});

for (const listLang of LANGS) {
  test.describe(`the agency admin's agents, in ${listLang}`, () => {
    test.use({ lang: listLang, signedInAs: 'demo.aa', viewport: { width: 360, height: 800 } });

    test('lists every advisor of the agency by name, and leads to their product permissions', async ({ page }) => {
      await page.goto('/home/recruitment/agent');
      await expectMainHeading(page, 'recruitment:agent_title', listLang);
      const adminToken = (await storedLogin(page))?.accessToken ?? '';
      const listed = await apiGet(page, '/api/agent-product/v1/agents', adminToken);
      expect(listed.status(), await listed.text()).toBe(200);
      const { items } = (await listed.json()) as { items: { id: string; displayName: string; displayNameKh: string | null }[] };
      // The banca advisor came from no recruitment, and is listed all the same.
      const banca = items.find((i) => i.displayName === 'Sreymom Lim');
      if (!banca) throw new Error('demo.bk is not among the agents');
      const nameOf = (i: (typeof items)[number]) => (listLang === 'km' && i.displayNameKh ? i.displayNameKh : i.displayName);

      const rows = page.getByTestId('agent-row');
      await expect(rows).toHaveCount(items.length);
      for (const [n, item] of items.entries()) await expect(rows.nth(n)).toContainText(nameOf(item));
      const row = rows.filter({ hasText: nameOf(banca) });
      await expect(row).toContainText(text('common:role_banca', listLang));
      expect(await seriousA11yViolations(page), 'the agents list').toEqual([]);

      await row.getByRole('link', { name: text('recruitment:product_permission_title', listLang) }).click();
      await expect(page).toHaveURL(new RegExp(`/home/recruitment/agent/product-permission\\?agentId=${banca.id}$`));
      await expectMainHeading(page, 'recruitment:product_permission_title', listLang);
      await expect(page.getByText(banca.displayName).first()).toBeVisible();
    });
  });
}
