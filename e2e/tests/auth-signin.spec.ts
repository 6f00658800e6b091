// Sign-in: password + OTP, a wrong OTP, and the lock after ten wrong passwords. Each
// test signs in by itself with a user no shared session uses (demo.bk; demo.trainee2 for the
// lock, which lasts 15 minutes and would break any other test of that user).
import { expect, test } from '../support/fixtures';
import { expectMainHeading } from '../support/checks';
import { text } from '../support/i18n';
import { storedLogin, withNewOtp } from '../support/auth';
import { DEMO_PASSWORD, signIn } from '../support/sign-in';

const isPath = (path: string) => (url: URL) => url.pathname === path;

test('password + OTP sign-in stores the login and opens the dashboard', async ({ page }) => {
  await page.goto('/auth/signin');
  await expectMainHeading(page, 'auth:signin_title', 'en');
  await signIn(page, 'demo.bk');

  await expect(page).toHaveURL(isPath('/home'));
  await expectMainHeading(page, 'home:title', 'en');
  const login = await storedLogin(page);
  expect(login?.accessToken.split('.')).toHaveLength(3);
  expect(login?.refreshToken).toBeTruthy();
  const profile = await page.evaluate(
    () => JSON.parse(window.localStorage.getItem('profile') ?? 'null') as { username: string; roles: string[] } | null,
  );
  expect(profile).toMatchObject({ username: 'demo.bk', roles: ['ROLE_BK'] });
});

test.describe('in Khmer', () => {
  test.use({ lang: 'km' });

  test('a wrong OTP is refused with the translated message; the right one then signs in', async ({ page }) => {
    await page.goto('/auth/signin');
    await page.locator('input[name=username]').fill('demo.bk');
    await page.locator('input[name=password]').fill(DEMO_PASSWORD);
    const otp = await withNewOtp(page, 'demo.bk', 'login', async () => {
      await page.getByTestId('signin-submit').click();
      await expect(page).toHaveURL(isPath('/otp'));
    });
    await expectMainHeading(page, 'auth:otp_title', 'km');

    const wrong = otp === '000000' ? '111111' : '000000';
    await page.locator('input[name=otp]').fill(wrong);
    await page.getByTestId('otp-submit').click();
    await expect(page.getByTestId('otp-error')).toHaveText(text('auth:otp_invalid', 'km'));
    await expect(page).toHaveURL(isPath('/otp'));
    expect(await storedLogin(page)).toBeNull();

    await page.locator('input[name=otp]').fill(otp);
    await page.getByTestId('otp-submit').click();
    await expect(page).toHaveURL(isPath('/home'));
    await expectMainHeading(page, 'home:title', 'km');
  });
});

test('a keyboard user keeps the focus on the button through a refused sign-in', async ({ page }) => {
  // The button is busy while the call runs (aria-disabled, presses ignored) but never disabled, so
  // the focus stays on it while it works and when the answer comes (components/ui/busy-button.tsx).
  let logins = 0;
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/v1/login', async (route) => {
    logins += 1;
    await held;
    await route.continue();
  });
  await page.goto('/auth/signin');
  await page.locator('input[name=username]').fill('no.such.advisor');
  await page.locator('input[name=password]').fill('Wrong-password-1');
  const submit = page.getByTestId('signin-submit');
  await submit.focus();
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/v1/login'));
  await page.keyboard.press('Enter');
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  await expect(submit).toBeFocused();
  // A second press while busy sends nothing.
  await page.keyboard.press('Enter');
  await page.locator('input[name=password]').press('Enter');
  await submit.focus();
  release();
  expect((await answered).status()).toBe(401);
  await expect(page.getByTestId('signin-error')).toHaveText(text('auth:wrong_credentials', 'en'));
  await expect(submit).toBeFocused();
  await expect(submit).toHaveAttribute('aria-busy', 'false');
  expect(logins).toBe(1);
});

test('ten wrong passwords lock the account: even the right one then gets the translated lock message with the wait', async ({ page }) => {
  const username = 'demo.trainee2';
  await page.goto('/auth/signin');
  await page.locator('input[name=username]').fill(username);
  const error = page.getByTestId('signin-error');

  for (let attempt = 1; attempt <= 10; attempt += 1) {
    await page.locator('input[name=password]').fill(`Wrong-password-${attempt}`);
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/auth/v1/login'));
    await page.getByTestId('signin-submit').click();
    expect((await answered).status(), `attempt ${attempt}`).toBe(401);
    await expect(error).toHaveText(text('auth:wrong_credentials', 'en'));
  }

  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  const locked = page.waitForResponse((r) => r.url().endsWith('/api/auth/v1/login'));
  await page.getByTestId('signin-submit').click();
  const response = await locked;
  expect(response.status()).toBe(429);
  const body = (await response.json()) as { messageKey: string; retryAfter: number };
  expect(body.messageKey).toBe('account_locked');
  expect(body.retryAfter).toBeGreaterThan(14 * 60);
  expect(body.retryAfter).toBeLessThanOrEqual(15 * 60);

  // "Try again in 15 min." (the wait rounded up to whole minutes).
  await expect(error).toHaveText(text('auth:locked', 'en').replace('{minutes}', '15'));
  await expect(page).toHaveURL(isPath('/auth/signin'));
  expect(await storedLogin(page)).toBeNull();
});
