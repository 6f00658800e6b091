// Forgot password -> code -> new password -> success, with every password rule of
// spec §8 answered by the real server and shown translated on the form, then a sign-in with the
// new password. demo.can2 is used only here: its password changes for the rest of the run.
import { expect, test } from '../support/fixtures';
import { expectMainHeading, seriousA11yViolations } from '../support/checks';
import { text } from '../support/i18n';
import { withNewOtp } from '../support/auth';
import { signIn } from '../support/sign-in';

const isPath = (path: string) => (url: URL) => url.pathname === path;

/**
 * Each password trips exactly one rule, in the server's order of checks (rules/password-policy.ts
 * PASSWORD_CHECK_ORDER: length, repeats, sequences, breached list, history, strength).
 */
const REFUSED: readonly { password: string; code: number; key: string }[] = [
  { password: 'Ab1!xyz', code: 1050, key: 'errors:password_too_short' },
  { password: 'Xaaaa1!zq', code: 1051, key: 'errors:password_repeated_characters' },
  { password: 'Xq1234!zq', code: 1052, key: 'errors:password_sequence_characters' },
  { password: 'password1', code: 1053, key: 'errors:password_breached' },
  // The current password of the demo users.
  { password: 'Demo@Portal2026', code: 1044, key: 'errors:password_recently_used' },
  { password: 'password123!', code: 1006, key: 'errors:password_not_strong' },
];
const NEW_PASSWORD = 'Kampot#Pepper-8462';

test('forgot password: each password error code is shown translated, then the reset succeeds and the new password signs in', async ({
  page,
}) => {
  const username = 'demo.can2';
  await page.goto('/auth/signin');
  await page.getByRole('link', { name: text('auth:forgot_password_link', 'en') }).click();
  await expect(page).toHaveURL(isPath('/auth/signin/forgot-password'));
  await expectMainHeading(page, 'auth:forgot_password_title', 'en');

  await page.locator('input[name=username]').fill(username);
  const otp = await withNewOtp(page, username, 'reset', async () => {
    await page.getByTestId('forgot-submit').click();
    await expect(page.getByText(text('auth:reset_otp_sent', 'en'))).toBeVisible();
  });
  await page.locator('input[name=otp]').fill(otp);
  await page.getByTestId('verify-code-submit').click();

  await expect(page).toHaveURL(isPath('/auth/signin/reset-password'));
  await expectMainHeading(page, 'auth:reset_password_title', 'en');
  // The request code is kept for this tab only; no password is ever stored.
  expect(await page.evaluate(() => window.sessionStorage.getItem('passwordReset'))).toContain('requestCode');
  expect(await page.evaluate(() => window.location.search)).toBe('');

  const password = page.getByTestId('new-password');
  const confirm = page.getByTestId('confirm-password');
  const submit = page.getByTestId('reset-submit');

  // The confirmation must match (form key `unmatched`), checked before anything is sent.
  await password.fill(NEW_PASSWORD);
  await confirm.fill(`${NEW_PASSWORD}x`);
  await submit.click();
  await expect(page.getByText(text('validation:unmatched', 'en'))).toBeVisible();

  // The hints guide without blocking: a short password with no special character still goes to
  // the server, which answers 1050.
  for (const refused of REFUSED) {
    await password.fill(refused.password);
    await confirm.fill(refused.password);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/v1/reset'));
    await submit.click();
    const response = await answered;
    expect(response.status(), refused.password).toBe(422);
    expect(((await response.json()) as { code: number }).code, refused.password).toBe(refused.code);
    await expect(page.getByText(text(refused.key, 'en')), `${refused.code} shown translated`).toBeVisible();
    await expect(page).toHaveURL(isPath('/auth/signin/reset-password'));
    if (refused.code === 1050) {
      const guide = page.getByTestId('password-guide');
      await expect(guide.locator('li[data-met="false"]').filter({ hasText: text('auth:hint_length', 'en') })).toHaveCount(1);
      await expect(page.getByTestId('password-strength')).toHaveText(text('auth:strength_fair', 'en'));
    }
  }
  expect(await seriousA11yViolations(page)).toEqual([]);

  await password.fill(NEW_PASSWORD);
  await confirm.fill(NEW_PASSWORD);
  await expect(page.getByTestId('password-strength')).toHaveText(text('auth:strength_strong', 'en'));
  await submit.click();
  await expect(page).toHaveURL(isPath('/auth/signin/reset-password-success'));
  await expectMainHeading(page, 'auth:reset_password_success_title', 'en');
  const storage = await page.evaluate(() => JSON.stringify([window.localStorage, window.sessionStorage]));
  expect(storage).not.toContain('requestCode');
  expect(storage).not.toContain(NEW_PASSWORD);

  await page.getByTestId('reset-success-signin').click();
  await expect(page).toHaveURL(isPath('/auth/signin'));
  await signIn(page, username, NEW_PASSWORD);
  await expect(page).toHaveURL(isPath('/home'));
});

test.describe('in Khmer', () => {
  test.use({ lang: 'km' });

  test('the reset screen without a verified request explains and offers to start again', async ({ page }) => {
    await page.goto('/auth/signin/reset-password');
    await expectMainHeading(page, 'auth:reset_password_title', 'km');
    await expect(page.getByText(text('auth:reset_no_request', 'km'))).toBeVisible();
    await page.getByRole('link', { name: text('auth:reset_start_again', 'km') }).click();
    await expect(page).toHaveURL(isPath('/auth/signin/forgot-password'));
    await expectMainHeading(page, 'auth:forgot_password_title', 'km');
  });

  test('the expired-link page says what happened and what to do next', async ({ page }) => {
    await page.goto('/secure-link/link-expired');
    await expectMainHeading(page, 'auth:link_expired_title', 'km');
    for (const key of ['auth:link_expired_text', 'auth:link_expired_next_title', 'auth:link_expired_step_ask']) {
      await expect(page.getByText(text(key, 'km'))).toBeVisible();
    }
    await page.getByRole('link', { name: text('common:go_signin', 'km') }).click();
    await expect(page).toHaveURL(isPath('/auth/signin'));
  });
});
