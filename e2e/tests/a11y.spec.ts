// axe-core on the first two screens everyone meets: no serious or critical WCAG 2.1 A/AA problem.
import { expect, test } from '../support/fixtures';
import { LANGS } from '../support/i18n';
import { expectMainHeading, seriousA11yViolations } from '../support/checks';
import { screenAt } from '../support/screens';

for (const lang of LANGS) {
  test.describe(`accessibility in ${lang}`, () => {
    test.use({ lang });

    test('sign-in page', async ({ page }) => {
      const screen = screenAt('/auth/signin');
      await page.goto(screen.visit);
      await expectMainHeading(page, screen.titleKey, lang);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    test.describe('signed in', () => {
      test.use({ signedInAs: 'demo.aap' });
      test('dashboard', async ({ page }) => {
        const screen = screenAt('/home');
        await page.goto(screen.visit);
        await expectMainHeading(page, screen.titleKey, lang);
        expect(await seriousA11yViolations(page)).toEqual([]);
      });
    });
  });
}
