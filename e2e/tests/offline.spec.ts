// The portal without signal: after one signed-in visit, an advisor goes offline, adds a contact,
// a sales activity and a quote for it, and a quote for a recent contact; they wait on the phone (encrypted),
// still counted after the page is closed and the app opened again offline, where the advisor's
// password unlocks them and the recent contacts; they are sent by themselves when the network
// returns, each exactly once (real server, real service worker).
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { checkPasswordRules } from '../../packages/domain/src/rules/password-policy';
import { expect, test } from '../support/fixtures';
import { apiGet, apiPost, setPassword, storedLogin } from '../support/auth';
import { readBrowserStorage, storageProblems } from '../support/browser-storage';
import { seriousA11yViolations } from '../support/checks';
import { text } from '../support/i18n';
import { pageToken, permitProducts, subjectOf } from '../support/records';
import { DEMO_PASSWORD, signIn } from '../support/sign-in';

const ADVISOR = 'demo.aap2';
test.use({ viewport: { width: 360, height: 800 }, serviceWorkers: 'allow' });

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const field = (page: Page, key: string) => page.getByLabel(new RegExp(`^${escapeRegExp(text(key, 'en'))}( \\*)?$`));
const letters = () => Array.from({ length: 7 }, () => String.fromCharCode(97 + randomInt(26))).join('');

/** Every text the browser keeps (IndexedDB records, Cache Storage answers other than the app's own files). */
async function cachedTexts(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const out: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (/\/assets\/|\.(png|svg|woff2?)$/.test(request.url)) continue;
        const response = await cache.match(request);
        out.push(`${name} ${request.url} ${response ? await response.text() : ''}`);
      }
    }
    return out;
  });
}

/** When the record `id` of the offline store's `recent` store was saved (0 for a record without a time), or null without one. */
async function recentRecordSavedAt(page: Page, id: string): Promise<number | null> {
  const records = ((await readBrowserStorage(page)).indexedDb['portal-offline/recent'] ?? []).map(
    (json) => JSON.parse(json) as { id: string; savedAt?: number },
  );
  const record = records.find((r) => r.id === id);
  return record ? (record.savedAt ?? 0) : null;
}

/**
 * Opens the contact list and waits until this page has the offline key: it keeps the list on the
 * phone (sealed with the key) only then.
 */
async function contactListWithKey(page: Page): Promise<void> {
  const before = Date.now();
  await page.goto('/home/contact');
  await expect(page.getByTestId('contact-row').first()).toBeVisible();
  await expect.poll(async () => ((await recentRecordSavedAt(page, 'contacts')) ?? 0) >= before, { timeout: 30_000 }).toBe(true);
}

/** From a contact's page: a quote on the kept catalogue, saved (kept on the phone). */
async function quoteFromContact(page: Page): Promise<void> {
  await page.getByTestId('contact-new-proposal').click();
  await page.getByTestId('quote-product').selectOption('MLPX');
  const face = page.getByTestId('quote-face-amount');
  if ((await face.evaluate((el) => el.tagName)) === 'SELECT') await face.selectOption({ index: 1 });
  else await face.fill('30000');
  await expect(page.getByTestId('quote-premium')).toHaveText(/^\$\d/);
  await expect(page.getByTestId('quote-catalogue')).toHaveText(/version \S+, received \d/);
  await page.getByTestId('quote-save').click();
  await expect(page).toHaveURL((url) => url.pathname === '/home/proposal');
}

test('offline: contact, activity and quote wait on the phone and are sent once when the network returns', async ({
  page,
  context,
  pageProblems,
}) => {
  test.setTimeout(90_000);
  // Offline, the browser reports every call it cannot make; that is the situation under test.
  pageProblems.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED|ERR_NETWORK_CHANGED/);
  // Signed in with the password, as in the field: the offline key is then also kept sealed with it.
  await signIn(page, ADVISOR);
  await expect.poll(() => recentRecordSavedAt(page, 'unlock'), { timeout: 30_000 }).not.toBeNull();
  const token = await pageToken(page);

  // A recent contact to quote for (made online; the list keeps the newest on the phone).
  const quoted = {
    contactType: 'lifeInsured',
    firstName: 'Dara',
    lastName: `Quote${letters()}`,
    gender: 'M',
    dateOfBirth: '10/01/1990',
    phone: `012-${randomInt(100, 999)}-${randomInt(100, 999)}`,
  };
  const made = await apiPost(page, '/api/contact/v1/create', quoted, token);
  expect(made.status(), await made.text()).toBe(201);
  const quotedId = ((await made.json()) as { id: string }).id;

  // One signed-in visit: the service worker installs and takes the page, the key and the
  // recent contacts come, the quote screen brings the catalogue.
  await page.goto('/home/contact');
  await expect(page.getByTestId('contact-row').filter({ hasText: quoted.lastName })).toBeVisible();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.reload();
  await expect(page.getByTestId('contact-row').filter({ hasText: quoted.lastName })).toBeVisible();
  await page.goto(`/home/proposal?contactId=${quotedId}`);
  await expect(page.getByTestId('quote-product')).toBeVisible();
  // The page that goes offline has the offline key (it lives in the page's memory only).
  await contactListWithKey(page);

  await context.setOffline(true);
  const person = { lastName: `Offline${letters()}`, phone: `012-${randomInt(100, 999)}-${randomInt(100, 999)}` };
  const secrets = [person.lastName, quoted.lastName, person.phone.replace(/-/g, ''), 'Met at the market'];

  // A contact.
  await page.getByTestId('contact-new').click();
  await page.getByRole('radio', { name: text('contacts:type_lifeInsured', 'en'), exact: true }).check();
  await field(page, 'contacts:field_firstName').fill('Sokha');
  await field(page, 'contacts:field_lastName').fill(person.lastName);
  await page.getByRole('radio', { name: text('contacts:gender_F', 'en'), exact: true }).check();
  await field(page, 'contacts:field_dateOfBirth').fill('21/03/1990');
  await field(page, 'contacts:field_phone').fill(person.phone);
  await page.getByRole('button', { name: text('contacts:save_new', 'en'), exact: true }).click();
  await expect(page.getByText(text('offline:kept_notice', 'en'))).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === '/home/contact');
  const waitingRow = page.getByTestId('contact-list-waiting').getByTestId('contact-row').filter({ hasText: person.lastName });
  await expect(waitingRow.getByTestId('contact-row-waiting')).toHaveText(text('offline:badge_waiting', 'en'));

  // A sales activity for it (sent after the contact, with its server id).
  await waitingRow.click();
  await page.getByRole('link', { name: text('contacts:add_activity', 'en') }).click();
  await field(page, 'contacts:field_activityType').selectOption('meeting');
  await field(page, 'contacts:field_notes').fill('Met at the market');
  await page.getByRole('button', { name: text('contacts:activity_save', 'en'), exact: true }).click();
  await expect(page.getByText(text('offline:kept_notice', 'en')).first()).toBeVisible();
  await expect(page.getByTestId('activity-row-waiting').filter({ hasText: 'Met at the market' })).toContainText(
    text('offline:badge_waiting', 'en'),
  );

  // A quote for the contact made offline: sent after it, naming it by its server id.
  await quoteFromContact(page);
  await expect(page.getByTestId('outbox-count')).toHaveText('3');

  // A quote for the recent contact, on the catalogue kept by the service worker.
  await page.getByRole('button', { name: text('common:menu_open', 'en') }).click();
  await page
    .getByRole('navigation', { name: text('common:main_navigation', 'en') })
    .getByRole('link', { name: text('nav:contacts', 'en') })
    .click();
  await page.getByTestId('contact-row').filter({ hasText: quoted.lastName }).first().click();
  await quoteFromContact(page);
  await expect(page.getByTestId('outbox-count')).toHaveText('4');

  // Kept encrypted: nothing personal readable in IndexedDB or Cache Storage.
  const stored = await readBrowserStorage(page);
  expect(Object.keys(stored.indexedDb)).toContain('portal-offline/outbox');
  expect(stored.indexedDb['portal-offline/outbox']).toHaveLength(4);
  expect(storageProblems(stored, secrets)).toEqual([]);
  const cached = await cachedTexts(page);
  expect(
    cached.some((entry) => entry.includes('/api/product/v1/')),
    'the catalogue is kept',
  ).toBe(true);
  expect(cached.filter((entry) => secrets.some((s) => entry.includes(s)) || /\/api\/(?!product\/v1\/)/.test(entry))).toEqual([]);

  // Closed, and opened again without network: still counted as waiting.
  await page.close();
  const again = await context.newPage();
  pageProblems.watch(again);
  // Chromium (150) reports a page that navigated in an offline context as online. Going offline
  // again as soon as the page is committed, before its scripts run, gives the app what a phone
  // without network has from the start: navigator.onLine false.
  await again.goto('/home/contact', { waitUntil: 'commit' });
  await context.setOffline(false);
  await context.setOffline(true);
  await expect(again.getByTestId('outbox-count')).toHaveText('4', { timeout: 20_000 });
  await again.getByTestId('outbox-count').click();
  await expect(again.getByTestId('outbox-item')).toHaveCount(4);
  await expect(again.locator('[data-testid="outbox-item"][data-state="waiting"]')).toHaveCount(4);
  await expect(again.getByTestId('outbox-item').first()).toContainText(text('offline:locked_label', 'en'));
  await again.keyboard.press('Escape');

  // This page has not been online: the password of the sign-in unlocks what the phone keeps.
  await expect(again.getByTestId('offline-unlock')).toBeVisible();
  expect(await seriousA11yViolations(again), 'the offline notice and the waiting count').toEqual([]);
  await again.getByTestId('offline-unlock').click();
  const unlock = again.getByRole('dialog', { name: text('offline:unlock_title', 'en') });
  await expect(unlock.getByTestId('offline-unlock-password')).toBeFocused();
  expect(await seriousA11yViolations(again, ['[role=dialog]']), 'the unlock dialog').toEqual([]);
  await unlock.getByTestId('offline-unlock-password').fill(`${DEMO_PASSWORD}x`);
  await unlock.getByTestId('offline-unlock-submit').click();
  await expect(unlock.getByText(text('offline:unlock_wrong', 'en'))).toBeVisible({ timeout: 20_000 });
  await unlock.getByTestId('offline-unlock-password').fill(DEMO_PASSWORD);
  await unlock.getByTestId('offline-unlock-submit').click();
  await expect(unlock).toBeHidden({ timeout: 20_000 });
  await expect(again.getByTestId('offline-unlock')).toHaveCount(0);
  await expect(again.getByTestId('contact-row').filter({ hasText: quoted.lastName })).toBeVisible();
  await expect(again.getByTestId('contact-list-waiting').getByTestId('contact-row').filter({ hasText: person.lastName })).toBeVisible();
  await again.getByTestId('outbox-count').click();
  await expect(again.getByTestId('outbox-list')).toContainText(person.lastName);
  await again.keyboard.press('Escape');

  // Signing out would erase them: the menu says so first, and staying keeps them.
  await again.getByTestId('user-menu').click();
  await again.getByTestId('sign-out').click();
  await expect(again.getByTestId('sign-out-unsent')).toHaveText(text('offline:sign_out_unsent_body', 'en').replace('{count}', '4'));
  await again.getByTestId('sign-out-stay').click();
  await expect(again.getByTestId('sign-out-unsent')).toHaveCount(0);
  await expect(again.getByTestId('outbox-count')).toHaveText('4');

  // The network returns: everything is sent by itself.
  await context.setOffline(false);
  await expect(again.getByTestId('outbox-count')).toHaveCount(0, { timeout: 30_000 });

  const find = async (path: string) => {
    const res = await apiGet(again, path, token);
    expect(res.status(), path).toBe(200);
    return res.json();
  };
  const contacts = (await find(`/api/contact/v2/find?q=${person.lastName}&size=20`)) as { items: { id: string; lastName: string }[] };
  const sent = contacts.items.filter((c) => c.lastName === person.lastName);
  expect(sent, 'the contact, once').toHaveLength(1);
  const detail = (await find(`/api/contact/v2/find/${sent[0]?.id}`)) as { activities: { notes: string | null }[] };
  expect(
    detail.activities.filter((a) => a.notes === 'Met at the market'),
    'the activity, once, on that contact',
  ).toHaveLength(1);
  const proposals = (await find(`/api/proposal/v1/find?q=${quoted.lastName}&size=20`)) as { items: { lifeInsuredName: string }[] };
  expect(
    proposals.items.filter((p) => p.lifeInsuredName.includes(quoted.lastName)),
    'the quote, once',
  ).toHaveLength(1);
  const forNew = (await find(`/api/proposal/v1/find?q=${person.lastName}&size=20`)) as { items: { lifeInsuredName: string }[] };
  expect(
    forNew.items.filter((p) => p.lifeInsuredName.includes(person.lastName)),
    'the quote for the contact made offline, once',
  ).toHaveLength(1);
});

// The advisor's agency admin withdraws a product while a quote for it waits on the phone: the
// server refuses it when the network returns; the advisor corrects it in the quote form and it is
// sent, once. Users of their own (e2e/support/files/agency-users.csv): the product change touches
// no other test.
test('offline: a quote the server refuses is corrected in its form and sent once', async ({ page, context, browser, pageProblems }) => {
  test.setTimeout(120_000);
  pageProblems.allow(/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR_FAILED|ERR_NETWORK_CHANGED|403/);
  const [admin, advisor] = ['e2e.offline.admin', 'e2e.offline.adv'];
  await page.goto('/auth/signin');
  // A new password each run (the last ones may not be used again), drawn again until it keeps
  // the password rules (random letters can make a run such as "abc").
  const draw = () => `Mekong#${letters()}${randomInt(10, 99)}`;
  let password = draw();
  while (checkPasswordRules(password) !== null) password = draw();
  for (const username of [admin, advisor]) await setPassword(page, username, password);
  await signIn(page, advisor, password);
  const token = await pageToken(page);
  const advisorId = subjectOf(token);

  // The agency admin, in a browser of their own, sets which products the advisor may sell.
  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, admin, password);
  const adminToken = (await storedLogin(adminPage))?.accessToken ?? '';
  const permit = (productCodes: string[]) => permitProducts(adminPage, adminToken, advisorId, productCodes);
  await permit(['MLPX', 'LPTL']);

  const lastName = `Refused${letters()}`;
  const made = await apiPost(
    page,
    '/api/contact/v1/create',
    {
      contactType: 'lifeInsured',
      firstName: 'Chantha',
      lastName,
      gender: 'F',
      dateOfBirth: '02/03/1988',
      phone: `015-${randomInt(100, 999)}-${randomInt(100, 999)}`,
    },
    token,
  );
  expect(made.status(), await made.text()).toBe(201);
  const contactId = ((await made.json()) as { id: string }).id;

  // One signed-in visit under the service worker: the quote screen brings the catalogue, the
  // contact list is kept on the phone.
  await page.goto('/home/contact');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
  await page.goto(`/home/proposal?contactId=${contactId}`);
  await expect(page.getByTestId('quote-product')).toBeVisible();
  // The page that goes offline has the offline key (in its memory only).
  await contactListWithKey(page);
  const row = page.getByTestId('contact-row').filter({ hasText: lastName });

  await context.setOffline(true);
  await row.click();
  await quoteFromContact(page);
  await expect(page.getByTestId('outbox-count')).toHaveText('1');

  // Meanwhile the agency admin limits the advisor to First Plan.
  await permit(['LPTL']);
  await adminContext.close();

  // The network returns: refused, kept, and said in words.
  await context.setOffline(false);
  const item = page.getByTestId('outbox-item');
  await page.getByTestId('outbox-count').click();
  await expect(item).toHaveAttribute('data-state', 'conflict', { timeout: 30_000 });
  await expect(item).toContainText(text('errors:product_not_permitted', 'en'));

  // Corrected in the quote form it came from: another product, saved, sent.
  await item.getByTestId('outbox-edit').click();
  await expect(page).toHaveURL((url) => url.pathname === '/home/proposal' && url.searchParams.has('outbox'));
  await expect(
    page
      .getByTestId('quote-form')
      .getByRole('alert')
      .filter({ hasText: text('errors:product_not_permitted', 'en') }),
  ).toBeVisible();
  await page.getByTestId('quote-product').selectOption('LPTL');
  const face = page.getByTestId('quote-face-amount');
  if ((await face.evaluate((el) => el.tagName)) === 'SELECT') await face.selectOption({ index: 1 });
  else await face.fill('30000');
  await expect(page.getByTestId('quote-premium')).toHaveText(/^\$\d/);
  await page.getByTestId('quote-save').click();
  await expect(page.getByText(text('offline:revised_sent', 'en'))).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL((url) => url.pathname === '/home/proposal/proposal-list');
  await expect(page.getByTestId('outbox-count')).toHaveCount(0);

  const found = await apiGet(page, `/api/proposal/v1/find?q=${lastName}&size=20`, token);
  expect(found.status()).toBe(200);
  const proposals = ((await found.json()) as { items: { lifeInsuredName: string; productCode: string }[] }).items.filter((p) =>
    p.lifeInsuredName.includes(lastName),
  );
  expect(proposals.map((p) => p.productCode)).toEqual(['LPTL']);
});
