// Sessions: idle warning and sign-out with the timers shortened through the app's
// documented localStorage overrides, sign-out from the account menu, and refresh-token rotation
// with reuse detection. Each test signs its user in by itself (demo.trainee, or a user of its
// own), so revoking its session touches no other test (and spends none of the one-time codes of
// the users other tests sign in as: they are counted per user).
import { expect, test } from '../support/fixtures';
import { expectMainHeading } from '../support/checks';
import { text } from '../support/i18n';
import { apiGet, apiPost, setIdleTimers, setPassword, storedLogin } from '../support/auth';
import { signIn } from '../support/sign-in';

const isPath = (path: string) => (url: URL) => url.pathname === path;

test('idle: a warning before the limit, "stay signed in" keeps the session, then sign-out with the reason', async ({ page, context }) => {
  // Warn after 4 s without activity, sign out after 8 s (spec: 890 s and 900 s).
  await setIdleTimers(context, { timeout: 8, warning: 4 });
  await signIn(page, 'demo.trainee');
  await expectMainHeading(page, 'home:title', 'en');
  const { refreshToken } = (await storedLogin(page)) ?? { refreshToken: '' };

  const warning = page.getByRole('dialog', { name: text('common:idle_title', 'en') });
  await expect(warning).toBeVisible({ timeout: 10_000 });
  await expect(warning.getByTestId('idle-countdown')).toHaveText(/\d/);
  await warning.getByRole('button', { name: text('common:idle_stay', 'en') }).click();
  await expect(warning).toBeHidden();
  await expect(page).toHaveURL(isPath('/home'));

  // No more activity: the warning comes back, and then the session ends.
  await expect(warning).toBeVisible({ timeout: 10_000 });
  await expect(page).toHaveURL(isPath('/auth/signin'), { timeout: 10_000 });
  const url = new URL(page.url());
  expect(url.searchParams.get('reason')).toBe('idle');
  expect(url.searchParams.get('next')).toBe('/home');
  await expect(page.getByTestId('signed-out-idle')).toHaveText(text('auth:signed_out_idle', 'en'));
  await expect.poll(() => storedLogin(page)).toBeNull();

  // The server ended the session too (told after the phone forgot it): its refresh token no longer works.
  await expect.poll(async () => (await apiPost(page, '/api/auth/v1/refresh', { refreshToken })).status()).toBe(401);
});

// A user of its own (e2e/support/files/agency-users.csv): its sign-ins spend no demo user's one-time codes.
test('sign-out from a screen deep in the app: the plain sign-in screen, and the server ends the session', async ({ page }) => {
  const [username, password] = ['e2e.signout', 'Signout-E2E-2026!'];
  await page.goto('/auth/signin');
  await setPassword(page, username, password);
  await signIn(page, username, password);
  await page.goto('/home/contact');
  await expectMainHeading(page, 'contacts:title', 'en');
  const { refreshToken } = (await storedLogin(page)) ?? { refreshToken: '' };

  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(isPath('/auth/signin'));
  // Not a sign-in that would bring the next person who signs in here back to this screen.
  await expect.poll(() => new URL(page.url()).search).toBe('');
  expect(await storedLogin(page)).toBeNull();
  await expect.poll(async () => (await apiPost(page, '/api/auth/v1/refresh', { refreshToken })).status()).toBe(401);
});

test('refresh rotation: a refresh token works once; replaying it revokes the whole family', async ({ page }) => {
  await signIn(page, 'demo.trainee');
  const first = await storedLogin(page);
  if (!first) throw new Error('no stored login after sign-in');

  // Rotation: the stored refresh token buys a new pair.
  const rotated = await apiPost(page, '/api/auth/v1/refresh', { refreshToken: first.refreshToken });
  expect(rotated.status()).toBe(200);
  const second = (await rotated.json()) as { accessToken: string; refreshToken: string };
  expect(second.refreshToken).not.toBe(first.refreshToken);
  expect((await apiGet(page, '/api/auth/v1/webauthn', second.accessToken)).status()).toBe(200);

  // Reuse: the spent token is refused, and the family is revoked, so the new pair dies with it.
  expect((await apiPost(page, '/api/auth/v1/refresh', { refreshToken: first.refreshToken })).status()).toBe(401);
  expect((await apiPost(page, '/api/auth/v1/refresh', { refreshToken: second.refreshToken })).status()).toBe(401);
  expect((await apiGet(page, '/api/auth/v1/webauthn', second.accessToken)).status()).toBe(401);

  // The app still holds the first pair: its next call is refused, the refresh fails, and the
  // user is sent to sign in, to come back to the same screen afterwards.
  await page.goto('/home/profile');
  await expect(page).toHaveURL(isPath('/auth/signin'));
  expect(new URL(page.url()).searchParams.get('next')).toBe('/home/profile');
  await expect.poll(() => storedLogin(page)).toBeNull();
});
