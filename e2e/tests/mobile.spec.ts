// Phones first (360 px wide): no screen may scroll sideways.
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LANGS } from '../support/i18n';
import { expectMainHeading } from '../support/checks';
import { screenAt } from '../support/screens';

const SIGNED_IN = ['/home', '/home/contact', '/home/proposal', '/home/profile'];
const SIGNED_OUT = ['/auth/signin'];

async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(widths.scrollWidth, `page is ${widths.scrollWidth}px wide in a ${widths.viewport}px window`).toBeLessThanOrEqual(360);
}

test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });

for (const lang of LANGS) {
  test.describe(`360x800 in ${lang}`, () => {
    test.use({ lang });

    test.describe('signed in', () => {
      test.use({ signedInAs: 'demo.aap' });
      for (const path of SIGNED_IN) {
        test(`${path} fits`, async ({ page }) => {
          const screen = screenAt(path);
          await page.goto(screen.visit);
          await expectMainHeading(page, screen.titleKey, lang);
          await expectNoSidewaysScroll(page);
        });
      }
    });

    for (const path of SIGNED_OUT) {
      test(`${path} fits`, async ({ page }) => {
        const screen = screenAt(path);
        await page.goto(screen.visit);
        await expectMainHeading(page, screen.titleKey, lang);
        await expectNoSidewaysScroll(page);
      });
    }
  });
}
