// The portal without signal: after one signed-in visit, an advisor goes offline, adds a contact,
// a sales activity and a quote for it, and a quote for a recent contact; they wait on the phone (encrypted),
// still counted after the page is closed and the app opened again offline, where the advisor's
// password unlocks them and the recent contacts; they are sent by themselves when the network
// returns, each exactly once (real server, real service worker).
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiGet, apiPost } from '../support/auth';
import { readBrowserStorage, storageProblems } from '../support/browser-storage';
import { seriousA11yViolations } from '../support/checks';
import { text } from '../support/i18n';
import { pageToken } from '../support/records';
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
  // (Opened only once the app has made it: opening it first would make an empty one.)
  const unlockKept = () =>
    page.evaluate(async () => {
      if (!(await indexedDB.databases()).some((db) => db.name === 'portal-offline')) return false;
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open('portal-offline');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          const done = (found: boolean) => {
            db.close();
            resolve(found);
          };
          if (!db.objectStoreNames.contains('recent')) return done(false);
          const get = db.transaction('recent').objectStore('recent').get('unlock');
          get.onsuccess = () => done(get.result !== undefined);
          get.onerror = () => done(false);
        };
      });
    });
  await expect.poll(unlockKept, { timeout: 30_000 }).toBe(true);
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
  const keyAnswer = page.waitForResponse((res) => res.url().endsWith('/api/offline/v1/key') && res.ok());
  await page.goto('/home/contact');
  await expect(page.getByTestId('contact-row').first()).toBeVisible();
  await keyAnswer;

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
  await again.goto('/home/contact');
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
