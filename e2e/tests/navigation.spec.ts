import { expect, test } from '../support/fixtures';
import { expectMainHeading } from '../support/checks';
import { screenAt } from '../support/screens';
import { signIn } from '../support/sign-in';

const isPath = (path: string) => (url: URL) => url.pathname === path;

test.describe('not found', () => {
  test('an unknown path shows the not-found page', async ({ page }) => {
    await page.goto('/no-such-page-e2e');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText([/not found|404/i]);
    expect(new URL(page.url()).pathname).toBe('/no-such-page-e2e');
  });

  test.describe('signed in', () => {
    test.use({ signedInAs: 'demo.aap' });
    test('an unknown path under /home shows the not-found page', async ({ page }) => {
      await page.goto('/home/no-such-screen-e2e');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText([/not found|404/i]);
      expect(new URL(page.url()).pathname).toBe('/home/no-such-screen-e2e');
    });
  });
});

test('a signed-out visit to /home/contact goes to sign-in and comes back there after it', async ({ page }) => {
  const contacts = screenAt('/home/contact');
  await page.goto('/home/contact');
  await expect(page).toHaveURL(isPath('/auth/signin'));
  expect(new URL(page.url()).searchParams.get('next') ?? '').toMatch(/^\/home\/contact/);

  // A second advisor, so this real sign-in does not queue behind the shared demo.aap session.
  await signIn(page, 'demo.aap2');
  await expect(page).toHaveURL(isPath('/home/contact'));
  await expectMainHeading(page, contacts.titleKey, 'en');
});
