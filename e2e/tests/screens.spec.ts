// Every screen of spec §2, in English and in Khmer: it opens at its route, shows its title as the
// level-1 heading in that language, marks <html lang>, uses the Khmer font in Khmer, and logs no
// errors (the pageProblems fixture). Screens behind sign-in are visited as the demo advisor.
import { test } from '../support/fixtures';
import { LANGS } from '../support/i18n';
import { expectScreen } from '../support/checks';
import { SCREENS } from '../support/screens';

for (const lang of LANGS) {
  test.describe(`screens in ${lang}`, () => {
    test.use({ lang });

    test.describe('signed in', () => {
      test.use({ signedInAs: 'demo.aap' });
      for (const screen of SCREENS.filter((s) => s.requiresAuth)) {
        test(`${screen.id} ${screen.visit}`, async ({ page }) => {
          await page.goto(screen.visit);
          await expectScreen(page, screen.titleKey, lang);
        });
      }
    });

    test.describe('signed out', () => {
      for (const screen of SCREENS.filter((s) => !s.requiresAuth)) {
        test(`${screen.id} ${screen.visit}`, async ({ page }) => {
          await page.goto(screen.visit);
          await expectScreen(page, screen.titleKey, lang);
        });
      }
    });
  });
}
