// Keyboard-only use: sign-in, a new contact and the whole application wizard done
// with Tab, Shift+Tab, Enter, Space, arrow keys and typing alone — no click, no fill — after the
// page has loaded; every control Tab lands on shows a focus ring (support/keyboard.ts). Sign-in
// uses demo.aap2 (one OTP; the navigation spec's session is the only other use of that user).
import { withNewOtp } from '../support/auth';
import { expectMainHeading } from '../support/checks';
import { ONE_PAGE_PDF } from '../support/files';
import { expect, test } from '../support/fixtures';
import { text } from '../support/i18n';
import { chooseWithArrows, expectVisibleFocus, tabAndChoose, tabAndPress, tabAndTick, tabAndType, tabTo } from '../support/keyboard';
import { contactWithProposal } from '../support/records';
import { DEMO_PASSWORD } from '../support/sign-in';

const isPath = (path: string | RegExp) => (url: URL) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname));

test('sign-in: username, password and the one-time code by keyboard', async ({ page }) => {
  const username = 'demo.aap2';
  await page.goto('/auth/signin');
  await expectMainHeading(page, 'auth:signin_title', 'en');

  // The first Tab stop is the skip link, shown when focused.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: text('common:skip_to_content', 'en') })).toBeFocused();
  await expect(page.getByRole('link', { name: text('common:skip_to_content', 'en') })).toBeInViewport();
  await expectVisibleFocus(page);

  await tabAndType(page, page.locator('input[name=username]'), username);
  await tabAndType(page, page.locator('input[name=password]'), DEMO_PASSWORD);
  const otp = await withNewOtp(page, username, 'login', async () => {
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(isPath('/otp'));
  });
  await expectMainHeading(page, 'auth:otp_title', 'en');
  await tabAndType(page, page.locator('input[name=otp]'), otp);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(isPath('/home'));
  await expectMainHeading(page, 'home:title', 'en');
});

test.describe('signed in', () => {
  test.use({ signedInAs: 'demo.aap' });

  test('a new contact by keyboard: skip link, radios, fields, the error focused, Enter to save', async ({ page }) => {
    const lastName = `Kbd${Date.now()
      .toString(36)
      .replace(/[0-9]/g, (d) => 'klmnopqrst'.charAt(Number(d)))}`;
    await page.goto('/home/contact/contact-new');
    await expectMainHeading(page, 'contacts:new_title', 'en');

    // Skip the navigation: the skip link, then Enter puts focus on the main content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: text('common:skip_to_content', 'en') })).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();

    // A radio group is one Tab stop: Space picks the first choice, an arrow key the next one.
    const types = page.getByRole('radiogroup', { name: text('contacts:field_contactType', 'en') }).getByRole('radio');
    await tabTo(page, types.first());
    await page.keyboard.press('Space');
    await expect(types.first()).toBeChecked();
    await tabAndType(page, page.getByTestId('contact-first-name'), 'Chenda');
    await tabAndType(page, page.getByTestId('contact-last-name'), lastName);
    const genders = page.getByRole('radiogroup', { name: text('contacts:field_gender', 'en') }).getByRole('radio');
    await tabTo(page, genders.first());
    await page.keyboard.press('ArrowRight');
    await expect(genders.nth(1)).toBeChecked();
    await expect(genders.nth(1)).toBeFocused();
    // The date of birth is skipped on purpose.
    await tabAndType(page, page.getByTestId('contact-phone'), '012-555-779');
    await tabAndChoose(page, page.getByTestId('contact-id-type'), '1');
    await tabAndType(page, page.getByTestId('contact-id-number'), '123456780');

    // Save: the missing date is reported and focus goes to it; typed (the slashes come by
    // themselves), then Enter in the field saves the form.
    await tabAndPress(page, page.getByTestId('contact-submit'));
    const dateOfBirth = page.getByTestId('contact-date-of-birth');
    await expect(dateOfBirth).toHaveAttribute('aria-invalid', 'true');
    await expect(dateOfBirth).toBeFocused();
    await expectVisibleFocus(page);
    await page.keyboard.type('14021992');
    await expect(dateOfBirth).toHaveValue('14/02/1992');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(isPath(/^\/home\/contact\/success-create-contact\/[^/]+$/));
    await expectMainHeading(page, 'contacts:success_create_title', 'en');
    await expect(page.getByTestId('contact-saved-text')).toContainText(lastName);
  });

  test('the application wizard by keyboard, from the proposal to the submitted application', async ({ page }) => {
    test.setTimeout(180_000);
    const proposal = await contactWithProposal(page);
    await page.goto('/home/application');
    await expectMainHeading(page, 'applications:title', 'en');
    await tabAndPress(page, page.getByTestId(`apply-${proposal.proposalNumber}`));
    await expect(page).toHaveURL(isPath('/home/application/detail'));
    const wizard = page.getByTestId('wizard');
    const title = page.getByTestId('wizard-step-title');
    await expect(wizard).toHaveAttribute('data-active-step', '0');
    const next = page.getByTestId('wizard-next');

    // Step 0. Next with a field missing: focus goes to the first field in error.
    await tabAndPress(page, next);
    await expect(wizard).toHaveAttribute('data-active-step', '0');
    const idType = page.locator('#lifeInsured-idType');
    await expect(idType).toBeFocused();
    await chooseWithArrows(page, idType, '1');
    await tabAndType(page, page.locator('#lifeInsured-idNumber'), '123456789');
    await tabAndType(page, page.locator('#lifeInsured-idExpiryDate'), '31/12/2031');
    await tabAndType(page, page.locator('#lifeInsured-phone'), '012-555-778');
    // A beneficiary: added with Enter; its fields come before the button, so Shift+Tab goes back up to them.
    await tabAndPress(page, page.getByTestId('add-beneficiary'));
    const beneficiary = page.getByTestId('beneficiary').first();
    const field = (key: string) => beneficiary.getByLabel(text(key, 'en'));
    await tabTo(page, field('applications:field_first_name'), { back: true });
    await page.keyboard.type('Dara');
    await tabAndType(page, field('applications:field_last_name'), 'Sok');
    await tabAndChoose(page, field('applications:field_gender'), 'M');
    await tabAndType(page, field('applications:field_date_of_birth'), '01/02/2015');
    await tabAndChoose(page, field('applications:field_relationship_short'), '08');
    await tabAndType(page, field('applications:field_share'), '100');
    await tabAndPress(page, next);
    await expect(wizard).toHaveAttribute('data-active-step', '1');
    // A new step starts with focus on its title.
    await expect(title).toBeFocused();

    // Step 1: payment in cash, confirmed.
    await tabAndChoose(page, page.locator('#paymentType'), 'CS');
    await tabAndTick(page, page.locator('#confirmed'));
    await tabAndPress(page, next);
    await expect(wizard).toHaveAttribute('data-active-step', '2');
    await expect(title).toBeFocused();

    // Step 2: five Yes/No questions, each a radio group: Tab lands on Yes, the arrow key moves to No.
    for (let q = 1; q <= 5; q += 1) {
      const question = page.getByTestId(`health-q-1-${q}`);
      await tabTo(page, question.getByRole('radio', { name: text('applications:yes', 'en'), exact: true }));
      await page.keyboard.press('ArrowRight');
      await expect(question.getByRole('radio', { name: text('applications:no', 'en'), exact: true })).toBeChecked();
    }
    await tabAndPress(page, next);
    await expect(wizard).toHaveAttribute('data-active-step', '3');

    // Step 3: agreed, and every signature typed (the keyboard alternative to drawing): Enter on
    // "type instead" puts focus in the name field, Enter there signs.
    await tabAndTick(page, page.locator('#agreed'));
    const typeInstead = page.getByRole('button', { name: text('applications:signature_type_instead', 'en') });
    const pads = await typeInstead.count();
    expect(pads).toBeGreaterThanOrEqual(2);
    for (let signed = 0; signed < pads; signed += 1) {
      await tabAndPress(page, typeInstead.first());
      const typed = page.locator('[data-testid$="-typed"]');
      await expect(typed).toBeFocused();
      await page.keyboard.type(signed === 0 ? 'Bopha Test' : 'Sokha Chan');
      await page.keyboard.press('Enter');
      await expect(typed).toHaveCount(0);
      // Signed: focus is on "sign again", and Tab goes on from there.
      await expect(page.getByRole('button', { name: text('applications:signature_redo', 'en') }).nth(signed)).toBeFocused();
    }
    await expect(page.locator('[data-testid$="-signed"]')).toHaveCount(pads);
    await tabAndPress(page, next);
    await expect(wizard).toHaveAttribute('data-active-step', '4');

    // Step 4: not referred; the statement agreed.
    await tabAndChoose(page, page.locator('#referrerCode'), '05');
    await tabAndTick(page, page.locator('#statementAgreed'));
    await tabAndPress(page, next);
    await expect(wizard).toHaveAttribute('data-active-step', '5');

    // Step 5: the ID document: its fields, the file chosen with Space on "Choose file", Enter on Upload.
    const idGroup = page.getByTestId('group-insured-id');
    await tabAndType(page, idGroup.getByTestId('insured-id-id-number'), '123456789');
    await tabAndType(page, idGroup.getByTestId('insured-id-expired-date'), '31/12/2031');
    // Listening before the Tab presses: the browser intercepts file choosers only once a listener
    // is on, and a key press sent right after the listener can reach the page before that.
    const chooser = page.waitForEvent('filechooser');
    await tabTo(page, idGroup.getByTestId('insured-id-file-choose'));
    await page.keyboard.press('Space');
    await (await chooser).setFiles({ name: 'national-id.pdf', mimeType: 'application/pdf', buffer: ONE_PAGE_PDF });
    await tabAndPress(page, idGroup.getByTestId('insured-id-upload'));
    await expect(idGroup.getByTestId('uploaded-document')).toContainText('national-id.pdf');
    await tabAndPress(page, next);
    await expect(wizard).toHaveAttribute('data-active-step', '6');

    // Step 6: in good order; submitted with Enter.
    await expect(page.getByTestId('review-clean')).toBeVisible();
    await tabTo(page, page.getByTestId('submit-confirm'));
    await page.keyboard.press('Space');
    await tabAndPress(page, page.getByTestId('submit-application'));
    await expect(page).toHaveURL(isPath('/home/application/application_create_sucess'));
    await expect(page.getByTestId('submit-success')).toBeVisible();
  });
});
