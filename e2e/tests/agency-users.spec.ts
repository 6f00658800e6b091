// The agency admin's users screen, as an admin on a 360-px phone, in English and in Khmer: a user
// is deactivated (after a confirmation) and their open session ends at once, they cannot sign in,
// the admin reactivates them; a user locked by wrong codes is unlocked and signs in; the history
// lists what happened. Each language has its own admin and users (e2e/support/files/agency-users.csv,
// imported before the server starts); each of them asks for at most two one-time codes.
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiPost, setPassword, withNewOtp } from '../support/auth';
import { expectMainHeading, seriousA11yViolations, waitForContent } from '../support/checks';
import { text, textMatcher, type Lang } from '../support/i18n';
import { signIn } from '../support/sign-in';

const PASSWORD = 'Kampot#River2026';
const PHONE = { viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true } as const;

/** A phone of the user's own, in the same language. */
async function phoneOf(browser: Browser, lang: Lang): Promise<Page> {
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  await context.addInitScript((l) => window.localStorage.setItem('currentLang', l), lang);
  return context.newPage();
}

/** The user's card on the admin's list, after searching for their username. */
async function findUser(page: Page, username: string) {
  await page.getByTestId('user-search').fill(username);
  const row = page.getByTestId('user-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-username', username);
  return row;
}

async function choose(page: Page, username: string, name: string, actionKey: string, lang: Lang): Promise<void> {
  const row = await findUser(page, username);
  await row.getByRole('button', { name: text('agency:actions_for', lang).replace('{name}', name) }).click();
  await page.getByRole('menuitem', { name: text(actionKey, lang) }).click();
}

const USERS = {
  en: { admin: 'e2e.admin.en', leaver: 'e2e.leaver.en', leaverName: 'Dara Chea', locked: 'e2e.locked.en', lockedName: 'Vanna Keo' },
  km: { admin: 'e2e.admin.km', leaver: 'e2e.leaver.km', leaverName: 'សុគន្ធ ហេង', locked: 'e2e.locked.km', lockedName: 'ឫទ្ធី សុខ' },
} as const;

for (const lang of ['en', 'km'] as const) {
  test.describe(`agency users (${lang}, 360 px)`, () => {
    test.use({ lang, ...PHONE });

    test('deactivate ends the session and sign-in, reactivate, unlock, history', async ({ page, browser }) => {
      test.setTimeout(180_000);
      const u = USERS[lang];
      await page.goto('/auth/signin');
      for (const username of [u.admin, u.leaver, u.locked]) await setPassword(page, username, PASSWORD);

      // The leaver is signed in on their phone.
      const leaver = await phoneOf(browser, lang);
      await signIn(leaver, u.leaver, PASSWORD);

      // The locked user: five wrong codes lock their codes for 15 minutes.
      let requestCode = '';
      const code = await withNewOtp(page, u.locked, 'login', async () => {
        const login = await apiPost(page, '/api/auth/v1/login', { username: u.locked, password: PASSWORD });
        expect(login.status(), await login.text()).toBe(200);
        requestCode = ((await login.json()) as { requestCode: string }).requestCode;
      });
      const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
      for (let i = 0; i < 5; i += 1) await apiPost(page, '/api/auth/v1/login/mfa', { requestCode, otp: wrong });
      expect((await apiPost(page, '/api/auth/v1/login', { username: u.locked, password: PASSWORD })).status()).toBe(429);

      // The admin opens the screen from the menu's address.
      await signIn(page, u.admin, PASSWORD);
      await page.goto('/home/agency/users');
      await expectMainHeading(page, 'agency:users_title', lang);
      await waitForContent(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      // Every actions button shows its whole label at 360 px (none squeezed by a long name).
      const clipped = await page
        .getByTestId('user-actions')
        .evaluateAll((buttons) =>
          buttons
            .filter((b) => [b, ...b.querySelectorAll('span')].some((e) => e.scrollWidth > e.clientWidth + 1))
            .map((b) => b.getAttribute('aria-label')),
        );
      expect(clipped).toEqual([]);

      // Deactivate, after a confirmation: cancelled once, then confirmed.
      const dialog = page.getByRole('dialog', { name: text('agency:confirm_deactivate_title', lang) });
      await choose(page, u.leaver, u.leaverName, 'agency:action_deactivate', lang);
      await dialog.getByRole('button', { name: text('common:cancel', lang) }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('user-status')).toHaveText(text('agency:status_active', lang));
      await choose(page, u.leaver, u.leaverName, 'agency:action_deactivate', lang);
      await expect(dialog).toContainText(text('agency:confirm_deactivate_text', lang).replace('{name}', u.leaverName));
      expect(await seriousA11yViolations(page, ['[role=dialog]'])).toEqual([]);
      await dialog.getByRole('button', { name: text('agency:action_deactivate', lang) }).click();
      await expect(page.getByText(text('agency:done_deactivate', lang).replace('{name}', u.leaverName))).toBeVisible();
      await expect(page.getByTestId('user-status')).toHaveText(text('agency:status_deactivated', lang));

      // The leaver's session ends at the next call, and the right password no longer signs in.
      await leaver.goto('/home/profile');
      await leaver.waitForURL((url) => url.pathname === '/auth/signin');
      await leaver.locator('input[name=username]').fill(u.leaver);
      await leaver.locator('input[name=password]').fill(PASSWORD);
      await leaver.locator('input[name=password]').press('Enter');
      await expect(leaver.getByText(text('errors:invalid_credentials', lang))).toBeVisible();
      await leaver.context().close();

      // Reactivate: no confirmation needed.
      await choose(page, u.leaver, u.leaverName, 'agency:action_reactivate', lang);
      await expect(page.getByText(text('agency:done_reactivate', lang).replace('{name}', u.leaverName))).toBeVisible();
      await expect(page.getByTestId('user-status')).toHaveText(text('agency:status_active', lang));

      // Unlock the locked user; the right password then sends a code again.
      const lockedRow = await findUser(page, u.locked);
      await expect(lockedRow.getByTestId('user-status')).toHaveText(textMatcher('agency:status_locked_until', lang));
      await choose(page, u.locked, u.lockedName, 'agency:action_unlock', lang);
      await expect(lockedRow.getByTestId('user-status')).toHaveText(text('agency:status_active', lang));
      expect((await apiPost(page, '/api/auth/v1/login', { username: u.locked, password: PASSWORD })).status()).toBe(200);

      // The leaver's history, newest first.
      await choose(page, u.leaver, u.leaverName, 'agency:action_history', lang);
      const drawer = page.getByRole('dialog', { name: text('agency:history_title', lang).replace('{name}', u.leaverName) });
      const entries = drawer.getByTestId('history-entry');
      await expect(entries.first()).toBeVisible();
      // Set the password, signed in, deactivated, refused, reactivated.
      const actions = await entries.evaluateAll((items) => items.map((i) => i.getAttribute('data-action')));
      expect(actions).toEqual(['user_reactivated', 'login_failed', 'user_deactivated', 'login', 'password_reset']);
      await expect(entries.nth(0)).toContainText(text('agency:history_user_reactivated', lang));
      await expect(entries.nth(2)).toContainText(text('agency:history_user_deactivated', lang));
      expect(await seriousA11yViolations(page, ['[role=dialog]'])).toEqual([]);
    });
  });
}
