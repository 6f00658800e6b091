// The quote form explains rider rules as the advisor chooses, on a 360 px phone in English and
// Khmer: a rider that needs a partner (spec §5: WPDH needs WPDL) brings it with a visible note, and
// taking the partner away names exactly which rider is missing; a rider needing its own amount asks
// for it before any premium shows; what is missing is always named.
import { apiPost } from '../support/auth';
import { expect, test } from '../support/fixtures';
import { LANGS, text } from '../support/i18n';
import { pageToken } from '../support/records';

const RIDER_NAMES = {
  en: { WPDH: 'Premier Death Benefit (high)' },
};

for (const lang of LANGS) {
  test.describe(`quote rider rules (${lang})`, () => {
    test.use({ lang, signedInAs: 'demo.aap', viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

    test('a partner rider is added with a note, a missing one is named, a rider amount is asked for', async ({ page }) => {
      test.setTimeout(90_000);
      const token = await pageToken(page);
      const person = {
        contactType: 'lifeInsured',
        firstName: 'Rith',
        lastName: `Rider${Date.now().toString(36).replace(/\d/g, 'x')}`,
        gender: 'M',
        dateOfBirth: '10/01/1990',
        phone: '012-555-779',
      };
      const res = await apiPost(page, '/api/contact/v1/create', person, token);
      expect(res.status(), await res.text()).toBe(201);
      const contact = (await res.json()) as { id: string };
      await page.goto(`/home/proposal?contactId=${contact.id}`);
      const missing = page.getByTestId('quote-missing');

      // Product chosen, no sum assured yet: the missing field is named.
      await page.getByTestId('quote-product').selectOption('MLPX');
      const face = page.getByTestId('quote-face-amount');
      if ((await face.evaluate((el) => el.tagName)) === 'SELECT') await face.selectOption({ index: 0 });
      else await face.fill('');
      await expect(missing).toContainText(text('proposals:face_amount', lang));
      if ((await face.evaluate((el) => el.tagName)) === 'SELECT') await face.selectOption({ index: 1 });
      else await face.fill('10000');
      await expect(page.getByTestId('quote-premium')).toHaveText(/^\$\d/);

      // WPDH needs WPDL: ticking WPDH ticks WPDL, and says why under it.
      await page.getByTestId('rider-WPDH-check').check();
      await expect(page.getByTestId('rider-WPDL-check')).toBeChecked();
      const wpdhName = await page.getByTestId('rider-WPDH').locator('label').first().innerText();
      await expect(page.getByTestId('rider-WPDL')).toContainText(
        text('proposals:rider_added_for', lang).replace('{rider}', wpdhName.trim()),
      );
      // No code on the label: a name.
      await expect(page.getByTestId('rider-WPDH').locator('label').first()).not.toContainText('WPDH');
      if (lang === 'en') expect(wpdhName.trim()).toBe(RIDER_NAMES.en.WPDH);

      // Taking WPDL away: WPDH says exactly which rider it is missing, and the premium waits.
      await page.getByTestId('rider-WPDL-check').uncheck();
      const wpdlName = (await page.getByTestId('rider-WPDL').locator('label').first().innerText()).trim();
      const needs = text('proposals:rider_needs_companion', lang)
        .replace('{rider}', wpdhName.trim())
        .replace(/\{companion\}/g, wpdlName);
      await expect(page.getByTestId('rider-WPDH')).toContainText(needs);
      await expect(missing).toContainText(needs);
      await page.getByTestId('rider-WPDL-check').check();
      await expect(page.getByTestId('quote-premium')).toHaveText(/^\$\d/);

      // TERM's TCIR needs its own amount: asked for, by name, before the premium shows.
      await page.getByTestId('quote-product').selectOption('TERM');
      await page.getByTestId('quote-face-amount').fill('25000');
      await page.getByTestId('rider-TCIR-check').check();
      const tcirName = (await page.getByTestId('rider-TCIR').locator('label').first().innerText()).trim();
      const askFor = text('proposals:rider_amount_of', lang).replace('{rider}', tcirName);
      await expect(missing).toContainText(askFor);
      await expect(page.getByTestId('quote-premium')).toHaveText('—');
      await page.getByTestId('rider-TCIR-amount').fill('10000');
      await expect(page.getByTestId('quote-premium')).toHaveText(/^\$\d/);
      // Nowhere a bare "complete the fields above".
      await expect(page.locator('main')).not.toContainText('fields above');
    });
  });
}
