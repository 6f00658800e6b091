// Contacts and sales activities, as an advisor does it on a phone-sized screen, once in
// English and once in Khmer: create a contact with a Khmer name, find it by 3 letters of the Latin
// name and by the phone, edit it, add (edit, delete) an activity, remove it. Every text asserted is
// read from packages/i18n/locales, so the Khmer run checks the Khmer interface. Names and phone
// numbers are unique per run: the demo advisor's book grows with every run and is shared.
import type { Page } from '@playwright/test';
import { apiPost, storedLogin } from '../support/auth';
import { expectMainHeading, seriousA11yViolations } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { LANGS, text, textMatcher, type Lang } from '../support/i18n';

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

function randomLetters(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += LETTERS[Math.floor(Math.random() * LETTERS.length)];
  return out;
}

function randomDigits(length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += String(Math.floor(Math.random() * 10));
  return out;
}

/** A person to add: Latin letters only in the Latin names (the contract's rule), a fresh phone. */
function newPerson() {
  const unique = randomLetters(7);
  const local = `012${randomDigits(6)}`;
  return {
    firstName: 'Sokha',
    lastName: `Tep${unique}`,
    /** Three letters that occur in no other name of this run. */
    searchLetters: unique.slice(0, 3),
    firstNameKh: 'សុខា',
    lastNameKh: 'តែប',
    typedPhone: `${local.slice(0, 3)}-${local.slice(3, 6)}-${local.slice(6)}`,
    searchPhone: `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
    shownPhone: `+855 ${local.slice(1, 3)} ${local.slice(3, 6)} ${local.slice(6)}`,
  };
}

/** The day after a DD/MM/YYYY date, DD/MM/YYYY. */
function dayAfter(date: string): string {
  const [day = 0, month = 0, year = 0] = date.split('/').map(Number);
  const next = new Date(Date.UTC(year, month - 1, day + 1));
  return [next.getUTCDate(), next.getUTCMonth() + 1].map((n) => String(n).padStart(2, '0')).join('/') + `/${next.getUTCFullYear()}`;
}

const isPath = (pattern: RegExp) => (url: URL) => pattern.test(url.pathname);

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field by its whole label in `lang` (a required field's label ends with an asterisk). */
const field = (page: Page, key: string, lang: Lang) => page.getByLabel(new RegExp(`^${escapeRegExp(text(key, lang))}( \\*)?$`));
const radio = (page: Page, key: string, lang: Lang) => page.getByRole('radio', { name: text(key, lang), exact: true });
const button = (page: Page, key: string, lang: Lang) => page.getByRole('button', { name: text(key, lang), exact: true });
const link = (page: Page, key: string, lang: Lang) => page.getByRole('link', { name: text(key, lang), exact: true });

async function search(page: Page, lang: Lang, term: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: text('contacts:search_label', lang) });
  await box.fill(term);
}

for (const lang of LANGS) {
  test.describe(`contacts in ${lang}`, () => {
    test.use({ lang, signedInAs: 'demo.aap', viewport: { width: 360, height: 800 } });

    test('create with a Khmer name, find by name and phone, edit, add an activity, remove', async ({ page }) => {
      test.setTimeout(180_000); // four axe scans and ~60 steps; a busy 2-core CI needs the room
      const person = newPerson();
      const rowOf = () => page.getByTestId('contact-row').filter({ hasText: person.lastName });

      // The list, and the way to a new contact.
      await page.goto('/home/contact');
      await expectMainHeading(page, 'contacts:title', lang);
      await link(page, 'contacts:new_contact', lang).click();
      await expect(page).toHaveURL(isPath(/^\/home\/contact\/contact-new$/));
      await expectMainHeading(page, 'contacts:new_title', lang);

      // Fill it in, with one mistake first: the error is shown next to the field, translated.
      await radio(page, 'contacts:type_lifeInsured', lang).check();
      await field(page, 'contacts:field_firstName', lang).fill(person.firstName);
      await field(page, 'contacts:field_lastName', lang).fill(person.lastName);
      const firstNameKh = field(page, 'contacts:field_firstNameKh', lang);
      await expect(firstNameKh).toHaveAttribute('lang', 'km');
      await firstNameKh.fill(person.firstNameKh);
      await field(page, 'contacts:field_lastNameKh', lang).fill(person.lastNameKh);
      await radio(page, 'contacts:gender_F', lang).check();
      await field(page, 'contacts:field_dateOfBirth', lang).fill('31/02/1990');
      await field(page, 'contacts:field_phone', lang).fill(person.typedPhone);
      await field(page, 'contacts:field_idType', lang).selectOption('1');
      await field(page, 'contacts:field_idNumber', lang).fill('12345');
      await button(page, 'contacts:save_new', lang).click();
      await expect(page.getByText(text('contacts:form_has_errors', lang))).toBeVisible();
      await expect(field(page, 'contacts:field_dateOfBirth', lang)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.getByText(text('validation:invalid', lang), { exact: true })).toBeVisible();
      await expect(page.getByText(textMatcher('validation:minlength_n', lang))).toBeVisible();
      expect(await seriousA11yViolations(page), 'the form with its errors').toEqual([]);

      await field(page, 'contacts:field_dateOfBirth', lang).fill('21/03/1990');
      await field(page, 'contacts:field_idNumber', lang).fill('123456789');
      await button(page, 'contacts:save_new', lang).click();

      await expect(page).toHaveURL(isPath(/^\/home\/contact\/success-create-contact\/[^/]+$/));
      await expectMainHeading(page, 'contacts:success_create_title', lang);
      await expect(page.getByTestId('contact-saved-text')).toHaveText(textMatcher('contacts:success_create_text', lang));
      await link(page, 'contacts:back_to_list', lang).click();
      await expect(page).toHaveURL(isPath(/^\/home\/contact$/));

      // Find it by 3 letters of the Latin name (2 are not enough: a hint says so).
      await search(page, lang, person.searchLetters.slice(0, 2));
      await expect(page.getByTestId('contact-search-hint')).toHaveText(textMatcher('contacts:search_too_short', lang));
      await search(page, lang, person.searchLetters);
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === person.searchLetters);
      await expect(rowOf()).toHaveCount(1);
      await expect(rowOf()).toContainText(person.firstNameKh);
      expect(await seriousA11yViolations(page), 'the list').toEqual([]);

      // ... and by the phone, typed as it is said; it is shown with 855, grouped in threes.
      await page.getByTestId('contact-search-clear').click();
      await search(page, lang, person.searchPhone);
      await expect(page).toHaveURL((url) => url.searchParams.get('q') === person.searchPhone);
      await expect(rowOf()).toHaveCount(1);
      await expect(page.getByTestId('contact-row')).toHaveCount(1);
      await expect(rowOf().getByTestId('contact-row-phone')).toContainText(person.shownPhone);

      // The detail: every field formatted.
      await rowOf().click();
      await expect(page).toHaveURL(isPath(/^\/home\/contact\/contact-detail\/[^/]+$/));
      await expectMainHeading(page, 'contacts:detail_title', lang);
      await expect(page.getByTestId('contact-name')).toHaveText(`${person.lastName} ${person.firstName}`);
      await expect(page.getByTestId('contact-name-kh')).toHaveText(`${person.lastNameKh} ${person.firstNameKh}`);
      await expect(page.getByTestId('contact-name-kh')).toHaveAttribute('lang', 'km');
      // Text people typed is shown in its own direction, isolated from what surrounds it.
      await expect(page.getByTestId('contact-name')).toHaveAttribute('dir', 'auto');
      await expect(page.getByTestId('contact-name-kh')).toHaveAttribute('dir', 'auto');
      await expect(page.getByTestId('contact-phone')).toHaveText(person.shownPhone);
      await expect(page.getByTestId('contact-date-of-birth')).toHaveText('21/03/1990');
      await expect(page.getByText(text('contacts:activities_empty', lang))).toBeVisible();
      const detailUrl = page.url();
      expect(await seriousA11yViolations(page), 'the detail').toEqual([]);

      // Edit it.
      await link(page, 'contacts:edit', lang).click();
      await expect(page).toHaveURL(isPath(/^\/home\/contact\/contact-update\/[^/]+$/));
      await expectMainHeading(page, 'contacts:update_title', lang);
      await expect(field(page, 'contacts:field_dateOfBirth', lang)).toHaveValue('21/03/1990');
      await expect(field(page, 'contacts:field_phone', lang)).toHaveValue(person.typedPhone);
      await field(page, 'contacts:field_occupation', lang).fill('Teacher');
      await radio(page, 'contacts:type_policyOwner', lang).check();
      await button(page, 'contacts:save_changes', lang).click();
      await expect(page).toHaveURL(isPath(/^\/home\/contact\/success-update-contact\/[^/]+$/));
      await expectMainHeading(page, 'contacts:success_update_title', lang);
      await link(page, 'contacts:view_contact', lang).click();
      await expect(page.getByText('Teacher', { exact: true })).toBeVisible();
      await expect(page.getByText(text('contacts:type_policyOwner', lang), { exact: true })).toBeVisible();

      // Add a sales activity.
      await link(page, 'contacts:add_activity', lang).click();
      await expect(page).toHaveURL(isPath(/^\/home\/contact\/[^/]+\/add-activity$/));
      await expectMainHeading(page, 'contacts:add_activity_title', lang);
      expect(await seriousA11yViolations(page), 'the activity form').toEqual([]);
      await field(page, 'contacts:field_activityType', lang).selectOption('meeting');
      // The picker shows the next full hour, DD/MM/YYYY HH:mm whatever the browser's language.
      await expect(field(page, 'contacts:field_start', lang)).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:00$/);
      await field(page, 'contacts:field_start', lang).click();
      await expect(page.getByRole('button', { name: text('contacts:calendar_done', lang) })).toBeVisible();
      expect(await seriousA11yViolations(page), 'the open date-and-time picker').toEqual([]);
      await page.keyboard.press('Escape');
      await field(page, 'contacts:field_notes', lang).fill('Explain the education plan');
      await button(page, 'contacts:activity_save', lang).click();
      await expect(page).toHaveURL(detailUrl);
      await expect(page.getByText(text('contacts:activity_saved', lang))).toBeVisible();
      const activity = page.getByTestId('activity-row').filter({ hasText: 'Explain the education plan' });
      await expect(activity).toContainText(text('contacts:activity_type_meeting', lang));
      // The form starts at the next full hour for an hour: one day's date and two times, or (from
      // 23:00 Phnom Penh time) both ends with their dates.
      await expect(activity.getByTestId('activity-row-when')).toHaveText(
        /^(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}–\d{2}:\d{2}|\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} – \d{2}\/\d{2}\/\d{4} \d{2}:\d{2})$/,
      );

      // Edit it into a whole-day activity, then delete it (after a confirmation).
      await activity.getByRole('link', { name: textMatcher('contacts:activity_edit_label', lang) }).click();
      await expectMainHeading(page, 'contacts:edit_activity_title', lang);
      await radio(page, 'contacts:day_type_allDay', lang).check();
      const firstDay = field(page, 'contacts:field_startDay', lang);
      const lastDay = field(page, 'contacts:field_endDay', lang);
      await expect(firstDay).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
      const firstDayText = await firstDay.innerText();
      const lastDayText = dayAfter(await lastDay.innerText());
      // The last day moves on by one, picked on the calendar with the keyboard.
      await lastDay.click();
      await expect(page.getByRole('button', { name: text('contacts:calendar_next', lang) })).toBeVisible();
      expect(await seriousA11yViolations(page), 'the open calendar').toEqual([]);
      await page.locator('button[data-selected]').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await expect(lastDay).toHaveText(lastDayText);
      await button(page, 'contacts:activity_save_changes', lang).click();
      await expect(page).toHaveURL(detailUrl);
      await expect(activity).toContainText(text('contacts:day_type_allDay', lang));
      await expect(activity.getByTestId('activity-row-when')).toHaveText(`${firstDayText} – ${lastDayText}`);

      await activity.getByRole('link', { name: textMatcher('contacts:activity_edit_label', lang) }).click();
      await button(page, 'contacts:activity_delete', lang).click();
      const activityDialog = page.getByRole('dialog', { name: text('contacts:activity_delete_title', lang) });
      await activityDialog.getByRole('button', { name: text('contacts:activity_delete_confirm', lang), exact: true }).click();
      await expect(page).toHaveURL(detailUrl);
      await expect(page.getByText(text('contacts:activity_deleted', lang))).toBeVisible();
      await expect(page.getByTestId('activity-row')).toHaveCount(0);

      // Remove the contact (soft delete, after a confirmation): it is gone from the search.
      await button(page, 'contacts:remove', lang).click();
      const dialog = page.getByRole('dialog', { name: text('contacts:remove_title', lang) });
      await expect(dialog).toContainText(person.lastName);
      await dialog.getByRole('button', { name: text('contacts:remove_confirm', lang), exact: true }).click();
      await expect(page).toHaveURL(isPath(/^\/home\/contact$/));
      await expect(page.getByText(textMatcher('contacts:removed', lang))).toBeVisible();
      await search(page, lang, person.searchLetters);
      await expect(page.getByText(text('contacts:no_results_title', lang))).toBeVisible();
      await expect(rowOf()).toHaveCount(0);
      await page.goto(detailUrl);
      await expect(page.getByText(text('contacts:not_found', lang))).toBeVisible();
    });
  });
}

test.describe('contacts: a stale save', () => {
  test.use({ lang: 'en', signedInAs: 'demo.aap' });

  test('answers 409 and keeps what was typed; the latest version can be loaded and saved over', async ({ page }) => {
    const person = newPerson();
    await page.goto('/home/contact');
    const login = await storedLogin(page);
    if (!login) throw new Error('not signed in');
    const body = {
      contactType: 'lifeInsured',
      firstName: person.firstName,
      lastName: person.lastName,
      gender: 'M',
      dateOfBirth: '01/01/1985',
      phone: person.typedPhone,
    };
    const created = await apiPost(page, '/api/contact/v1/create', body, login.accessToken);
    expect(created.status()).toBe(201);
    const contact = (await created.json()) as { id: string; version: number };

    await page.goto(`/home/contact/contact-update/${contact.id}`);
    await expectMainHeading(page, 'contacts:update_title', 'en');
    await field(page, 'contacts:field_occupation', 'en').fill('Farmer');

    // Meanwhile, the same contact is saved elsewhere.
    const elsewhere = await apiPost(
      page,
      `/api/contact/v1/update/${contact.id}`,
      { ...body, email: 'other.device@example.com', version: contact.version },
      login.accessToken,
    );
    expect(elsewhere.status()).toBe(200);

    await button(page, 'contacts:save_changes', 'en').click();
    await expect(page.getByTestId('contact-conflict')).toContainText(text('contacts:conflict_title', 'en'));
    await expect(field(page, 'contacts:field_occupation', 'en')).toHaveValue('Farmer');

    await button(page, 'contacts:conflict_reload', 'en').click();
    await expect(page.getByTestId('contact-conflict-reloaded')).toContainText(text('contacts:field_email', 'en'));
    await expect(page.getByTestId('saved-value-email')).toContainText('other.device@example.com');
    await expect(field(page, 'contacts:field_occupation', 'en')).toHaveValue('Farmer');

    await button(page, 'contacts:save_changes', 'en').click();
    await expect(page).toHaveURL(isPath(/^\/home\/contact\/success-update-contact\/[^/]+$/));
    await link(page, 'contacts:view_contact', 'en').click();
    await expect(page.getByText('Farmer', { exact: true })).toBeVisible();

    const removed = await apiPost(page, `/api/contact/v1/remove/${contact.id}`, {}, login.accessToken);
    expect(removed.status()).toBe(200);
  });
});

test.describe('contacts: a long list', () => {
  test.use({ lang: 'en', signedInAs: 'demo.aap', viewport: { width: 360, height: 800 } });

  test('loads the next page near the bottom, and with the button; filters narrow it', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/home/contact');
    const login = await storedLogin(page);
    if (!login) throw new Error('not signed in');
    // 45 contacts sharing a family name no other test uses: three pages of 20.
    const family = `Lst${randomLetters(7)}`;
    for (let i = 0; i < 45; i += 1) {
      const res = await apiPost(
        page,
        '/api/contact/v1/create',
        {
          contactType: i < 5 ? 'policyOwner' : 'lifeInsured',
          firstName: `Person ${LETTERS[i % LETTERS.length] ?? 'z'}`,
          lastName: family,
          gender: 'M',
          dateOfBirth: '1990-01-01',
          phone: `016${randomDigits(6)}`,
        },
        login.accessToken,
      );
      expect(res.status()).toBe(201);
    }
    const rows = page.getByTestId('contact-row').filter({ hasText: family });
    const loadMore = page.getByTestId('contact-load-more');

    await page.reload(); // the list read before these were added (by another "device") is cached
    await search(page, 'en', family);
    // Applied (after the pause) and answered: until then the unfiltered list, newest first, also
    // shows 20 of these, and its next pages would be loaded below.
    await expect(page).toHaveURL((url) => url.searchParams.get('q') === family);
    await expect(page.getByTestId('contact-list')).toHaveAttribute('aria-busy', 'false');
    await expect(rows).toHaveCount(20);

    // The button loads the next page for a keyboard user too, and keeps the focus while the page
    // loads (a disabled button would drop it to the page). Focused without scrolling: a button
    // scrolled into view brings the list's end near, and scrolling loads pages by itself.
    const focusButton = () => loadMore.evaluate((button) => (button as HTMLElement).focus({ preventScroll: true }));
    await expect(loadMore).toHaveAttribute('aria-busy', 'false');
    await focusButton();
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(40);
    await expect(loadMore).toBeFocused();
    // The last page: the button goes away, and the focus moves to the note that the list has ended.
    await expect(loadMore).toHaveAttribute('aria-busy', 'false');
    await focusButton();
    await page.keyboard.press('Enter');
    await expect(rows).toHaveCount(45);
    await expect(page.getByTestId('contact-list-end')).toHaveText(text('common:list_end', 'en'));
    await expect(page.getByTestId('contact-list-end')).toBeFocused();

    // The search is in the URL: a reload (or coming back from a contact) shows the same list, and
    // scrolling to the bottom loads the next page on its own.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: text('contacts:search_label', 'en') })).toHaveValue(family);
    await expect(rows).toHaveCount(20);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The next page at least; the last one may follow at once when the list's end is still in view.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(40);

    // A filter: only the 5 policy owners.
    await page.getByTestId('contact-filter-type').getByText(text('contacts:type_policyOwner', 'en'), { exact: true }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get('type') === 'policyOwner');
    await expect(rows).toHaveCount(5);
  });
});
