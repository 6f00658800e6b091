// Passkeys through Chromium's virtual authenticator (DevTools Protocol WebAuthn
// domain): register from the profile (profile OTP, then the device prompt), sign out, sign in
// with the passkey from the sign-in screen's link, and remove it behind a confirmation. The
// authenticator belongs to this page, so the whole story is one test. demo.as is used only here.
import { expect, test } from '../support/fixtures';
import { expectMainHeading, seriousA11yViolations } from '../support/checks';
import { text } from '../support/i18n';
import { addVirtualAuthenticator, storedLogin, withNewOtp } from '../support/auth';
import { signIn } from '../support/sign-in';

const isPath = (path: string) => (url: URL) => url.pathname === path;

test('register a passkey, sign in with it, and remove it', async ({ page }) => {
  const username = 'demo.as';
  const authenticator = await addVirtualAuthenticator(page);
  await signIn(page, username);

  // This device can verify its user and has no passkey yet: the app offers to set one up.
  const offer = page.getByRole('alert').filter({ hasText: text('auth:passkey_offer_title', 'en') });
  await expect(offer).toBeVisible();
  await offer.getByRole('button', { name: text('auth:passkey_offer_action', 'en') }).click();
  await expect(page).toHaveURL(isPath('/auth/webauth/register-biometric'));
  await expect(offer).toBeHidden();

  // The profile links there too: no passkey yet, then the link to set one up.
  await page.goto('/home/profile');
  const section = page.getByTestId('passkey-section');
  await expect(section.getByText(text('profile:passkeys_empty', 'en'))).toBeVisible();
  await section.getByTestId('passkey-add').click();
  await expect(page).toHaveURL(isPath('/auth/webauth/register-biometric'));
  await expectMainHeading(page, 'auth:register_biometric_title', 'en');
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.locator('input[name=name]').fill('E2E phone');
  const otp = await withNewOtp(page, username, 'profile', async () => {
    await page.getByTestId('passkey-start').click();
    await expect(page.locator('input[name=otp]')).toBeVisible();
  });
  const bound = page.waitForResponse((r) => r.url().endsWith('/api/auth/v1/bind'));
  await page.locator('input[name=otp]').fill(otp);
  await page.getByTestId('verify-code-submit').click();
  expect((await bound).status()).toBe(200);
  await expect(page.getByTestId('passkey-registered')).toHaveText(text('auth:passkey_registered', 'en'));
  expect(await page.evaluate(() => window.localStorage.getItem('biometricEnabled'))).toBe('true');
  const credentials = await authenticator.credentials();
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  // Back on the profile, the passkey is listed; a wrong current password is refused with 1032.
  await page.getByRole('link', { name: text('auth:passkey_manage', 'en') }).click();
  await expect(page).toHaveURL(isPath('/home/profile'));
  await expect(section.getByTestId('passkey-row')).toHaveCount(1);
  await expect(section.getByTestId('passkey-row')).toContainText('E2E phone');
  await expect(section.getByTestId('passkey-row')).toContainText(text('profile:passkey_never_used', 'en'));

  const change = page.getByTestId('change-password-section');
  await change.locator('input[name=currentPassword]').fill('Not-my-password-42');
  await change.locator('input[name=password]').fill('Kampot#Pepper-8462');
  await change.locator('input[name=confirmedPassword]').fill('Kampot#Pepper-8462');
  await change.getByTestId('change-password-submit').click();
  await expect(change.getByText(text('errors:current_password_invalid', 'en'))).toBeVisible();
  expect(await seriousA11yViolations(page, ['[data-testid="passkey-section"]', '[data-testid="change-password-section"]'])).toEqual([]);

  // Sign out, then sign in with the passkey through the sign-in screen's link.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(isPath('/auth/signin'));
  expect(await storedLogin(page)).toBeNull();
  await page.getByRole('link', { name: text('auth:biometric_link', 'en') }).click();
  await expect(page).toHaveURL(isPath('/auth/webauth/login-biometric'));
  await expectMainHeading(page, 'auth:login_biometric_title', 'en');
  // The page itself (the "signed out" toast of the user menu is not part of this screen).
  expect(await seriousA11yViolations(page, ['main'])).toEqual([]);
  const signedIn = page.waitForResponse((r) => r.url().endsWith('/api/auth/v1/webauthn') && r.request().method() === 'POST');
  await page.getByTestId('passkey-signin-submit').click();
  expect((await signedIn).status()).toBe(200);
  await expect(page).toHaveURL(isPath('/home'));
  await expectMainHeading(page, 'home:title', 'en');
  const profile = await page.evaluate(() => JSON.parse(window.localStorage.getItem('profile') ?? 'null') as { username: string } | null);
  expect(profile?.username).toBe(username);
  expect((await storedLogin(page))?.refreshToken).toBeTruthy();
  expect((await authenticator.credentials())[0]?.signCount).toBeGreaterThan(0);

  // Remove it: a confirmation first; cancelling keeps it.
  await page.goto('/home/profile');
  const row = section.getByTestId('passkey-row');
  await expect(row).not.toContainText(text('profile:passkey_never_used', 'en'));
  await row.getByTestId('passkey-delete').click();
  const dialog = page.getByRole('dialog', { name: text('profile:passkey_delete_title', 'en') });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: text('common:cancel', 'en') }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toHaveCount(1);
  await row.getByTestId('passkey-delete').click();
  await dialog.getByTestId('passkey-delete-confirm').click();
  await expect(dialog).toBeHidden();
  await expect(section.getByText(text('profile:passkeys_empty', 'en'))).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('biometricEnabled'))).toBeNull();

  // The removed passkey no longer signs in (the device still holds it; the server refuses it).
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  // The sign-out ends once the server has revoked the session: only then is the stored login gone.
  await expect(page).toHaveURL(isPath('/auth/signin'));
  await page.goto('/auth/webauth/login-biometric');
  await page.getByTestId('passkey-signin-submit').click();
  await expect(page.getByTestId('passkey-error')).toHaveText(text('auth:passkey_signin_failed', 'en'));
  expect(await storedLogin(page)).toBeNull();
});
