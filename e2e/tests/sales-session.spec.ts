// A session that ran out, in English and Khmer on a phone: the next screen lands on sign-in with
// "your session expired", and signing in returns to the screen it was on. demo.aa2 is used only here
// (the server allows few one-time codes per user and hour): the first sign-in is the shared one.
import { expect, test } from '../support/fixtures';
import { LANGS, text } from '../support/i18n';
import { signIn } from '../support/sign-in';

for (const lang of LANGS) {
  test.describe(`an expired session (${lang})`, () => {
    test.use({ lang, signedInAs: 'demo.aa2', viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

    test('lands on sign-in saying so, and comes back to the same screen after signing in', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/home');
      await expect(page.getByRole('navigation', { name: text('common:main_navigation', lang) })).toBeVisible();
      // The stored login has run out: an access token past its expiry and a refresh token the server refuses.
      const expired = `e30.${Buffer.from(JSON.stringify({ exp: 1_000_000 })).toString('base64url')}.x`;
      await page.evaluate((token) => localStorage.setItem('token', JSON.stringify({ accessToken: token, refreshToken: 'spent' })), expired);

      await page.goto('/home/proposal/proposal-list');
      await expect(page).toHaveURL((url) => url.pathname === '/auth/signin');
      expect(new URL(page.url()).searchParams.get('next')).toBe('/home/proposal/proposal-list');
      await expect(page.getByTestId('signed-out-expired')).toHaveText(text('auth:session_expired', lang));

      await signIn(page, 'demo.aa2');
      await expect(page).toHaveURL((url) => url.pathname === '/home/proposal/proposal-list');
    });
  });
}
