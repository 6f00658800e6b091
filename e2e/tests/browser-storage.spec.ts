// Nothing sensitive is kept in browser storage (localStorage, sessionStorage, IndexedDB, Cache
// Storage) other than the tokens, after each step of signing in and creating a contact: the
// offline store holds personal data only encrypted, and the service worker caches no API answer
// but the catalogue. Signing out erases the offline store. The check is
// e2e/support/browser-storage.ts, for every flow that handles personal data.
import { randomInt } from 'node:crypto';
import { expect, test } from '../support/fixtures';
import { expectNothingSensitiveStored, readBrowserStorage } from '../support/browser-storage';
import { DEMO_PASSWORD, signIn } from '../support/sign-in';
import { text } from '../support/i18n';

const USER = 'demo.aap2';

// The service worker runs, as on an advisor's phone: what it caches is checked too.
test.use({ serviceWorkers: 'allow' });
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test('sign-in and contact creation leave nothing sensitive in browser storage but the tokens', async ({ page }) => {
  test.setTimeout(120_000);
  const letters = Array.from({ length: 7 }, () => String.fromCharCode(97 + randomInt(26))).join('');
  const digits = String(randomInt(100_000, 999_999));
  const person = {
    lastName: `Store${letters}`,
    firstNameKh: 'សុខា',
    lastNameKh: 'ស្តុក',
    phone: `012-${digits.slice(0, 3)}-${digits.slice(3)}`,
    idNumber: `7${digits}12`,
    dateOfBirth: '21/03/1990',
  };
  const secrets = [DEMO_PASSWORD, person.lastName, person.lastNameKh, digits, person.idNumber, '1990-03-21'];
  const field = (key: string) => page.getByLabel(new RegExp(`^${escapeRegExp(text(key, 'en'))}( \\*)?$`));

  await page.goto('/auth/signin');
  await expectNothingSensitiveStored(page, 'before sign-in', secrets);
  await signIn(page, USER);
  await expectNothingSensitiveStored(page, 'after sign-in', secrets);
  const stored = await readBrowserStorage(page);
  expect(stored.localStorage.token, 'the tokens are kept (spec §3)').toMatch(/accessToken/);

  await page.goto('/home/contact/contact-new');
  await page.getByRole('radio', { name: text('contacts:type_lifeInsured', 'en'), exact: true }).check();
  await field('contacts:field_firstName').fill('Sokha');
  await field('contacts:field_lastName').fill(person.lastName);
  await field('contacts:field_firstNameKh').fill(person.firstNameKh);
  await field('contacts:field_lastNameKh').fill(person.lastNameKh);
  await page.getByRole('radio', { name: text('contacts:gender_F', 'en'), exact: true }).check();
  await field('contacts:field_dateOfBirth').fill(person.dateOfBirth);
  await field('contacts:field_phone').fill(person.phone);
  await field('contacts:field_idType').selectOption('1');
  await field('contacts:field_idNumber').fill(person.idNumber);
  await expectNothingSensitiveStored(page, 'with the contact form filled in', secrets);
  await page.getByRole('button', { name: text('contacts:save_new', 'en'), exact: true }).click();
  await expect(page).toHaveURL((url) => /^\/home\/contact\/success-create-contact\/[^/]+$/.test(url.pathname));
  await expectNothingSensitiveStored(page, 'after saving the contact', secrets);

  await page.goto('/home/contact');
  await page.getByRole('searchbox', { name: text('contacts:search_label', 'en') }).fill(person.lastName);
  // The search applied (it is kept in the address after the pause) and its rows drawn: the new
  // contact may already show in the unfiltered list, and a row that moves under a click loses it.
  await expect(page).toHaveURL((url) => url.searchParams.get('q') === person.lastName);
  await expect(page.getByTestId('contact-row')).toHaveCount(1);
  await expectNothingSensitiveStored(page, 'after searching for it', secrets);
  await page.getByTestId('contact-row').filter({ hasText: person.lastName }).click();
  await expect(page.getByTestId('contact-name')).toContainText(person.lastName);
  await expectNothingSensitiveStored(page, 'on its detail page', secrets);

  // The offline store holds the recent contacts, sealed; signing out erases it.
  await page.goto('/home/contact');
  await expect.poll(async () => (await readBrowserStorage(page)).indexedDb['portal-offline/recent']?.length ?? 0).toBeGreaterThan(0);
  await expectNothingSensitiveStored(page, 'with the recent contacts kept offline', secrets);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith('/auth/signin'));
  await expect
    .poll(async () => {
      const after = await readBrowserStorage(page);
      return [
        ...Object.keys(after.indexedDb).filter((store) => store.startsWith('portal-offline/')),
        ...Object.keys(after.cacheStorage).filter((e) => e.includes('/api/')),
      ];
    })
    .toEqual([]);
});
