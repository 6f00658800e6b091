// The profile: the account as the server knows it, and a phone change that needs the
// profile OTP sent to the phone on file (read from the dev outbox, as the auth tests do): without
// it the server refuses, a wrong code is refused, the right one saves.
import { apiPost, storedLogin, withNewOtp } from '../support/auth';
import { expectMainHeading } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { text } from '../support/i18n';

const USER = 'demo.aa';
test.use({ signedInAs: USER });

test('shows the account, and changing the phone needs the OTP', async ({ page, pageProblems }) => {
  await page.goto('/home/profile');
  await expectMainHeading(page, 'profile:title', 'en');
  await expect(page.getByText('AA000001')).toBeVisible();
  await expect(page.getByText('Phnom Penh Central Agency')).toBeVisible();
  await expect(page.getByTestId('profile-phone')).toHaveText('+855 12 345 605');
  await expect(page.getByTestId('session-row').first()).toBeVisible();

  // Straight to the server without a verified code: refused, nothing changes.
  const login = await storedLogin(page);
  const profile = (await (
    await page.request.get('/api/user/v1/profile', { headers: { Authorization: `Bearer ${login!.accessToken}` } })
  ).json()) as { version: number };
  const refused = await apiPost(
    page,
    '/api/user/v1/profile',
    { action: 'updateContact', phone: '097-555-1234', requestCode: 'made-up', version: profile.version },
    login!.accessToken,
  );
  expect(refused.status()).toBe(401);

  const section = page.getByTestId('contact-section');
  await section.getByRole('button', { name: text('profile:edit_contact', 'en') }).click();
  await section.getByLabel(text('profile:phone', 'en')).fill('097-555-1234');
  const otp = await withNewOtp(page, USER, 'profile', async () => {
    await page.getByTestId('send-code').click();
    await expect(section.getByText(text('profile:code_sent', 'en'))).toBeVisible();
  });

  // A wrong code is refused and the phone stays as it was.
  pageProblems.allow(/status of 401/);
  const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
  await page.getByTestId('profile-otp').locator('input').first().click();
  await page.keyboard.type(wrong);
  await page.getByTestId('save-contact').click();
  await expect(section.getByRole('alert')).toBeVisible();

  // The right one saves.
  await page.getByTestId('profile-otp').locator('input').first().click();
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Backspace');
  await page.getByTestId('profile-otp').locator('input').first().click();
  await page.keyboard.type(otp);
  await page.getByTestId('save-contact').click();
  await expect(page.getByTestId('profile-phone')).toHaveText('+855 97 555 1234');
});
