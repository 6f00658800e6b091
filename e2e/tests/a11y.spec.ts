// Every screen of spec §2 (packages/domain/src/screens.ts), in English and in Khmer (one test per
// screen, both languages in one page), on a 360 x 740 phone: it opens at its route, shows its
// title as the level-1 heading in that language, marks <html lang>, uses the Khmer font in Khmer,
// logs no errors (the pageProblems fixture), and axe-core finds no serious or critical WCAG 2.1
// A/AA problem, and in English no screen shows a code, a translation key or `undefined`. (One
// visit per language does all of it: this spec replaced the separate screens
// spec.) Outside CI each screen is also photographed at that size (attached to the test;
// e2e/test-results/…/<screen>-<lang>-360x740.png). Screens behind sign-in are visited as the demo
// advisor (the agency admin for the screens only an admin may use). The first two screens
// everyone meets are checked on a desktop window too.
import type { Page, TestInfo } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LANGS, type Lang } from '../support/i18n';
import { expectMainHeading, expectScreen, screenshotAt, seriousA11yViolations, waitForContent } from '../support/checks';
import { plainWordProblems } from '../support/plain-words';
import { SCREENS, screenAt, type Screen } from '../support/screens';
import { LANGUAGE_NATIVE_NAMES } from '../../packages/domain/src/codes/languages';
import { ROLE_AAP } from '../../packages/domain/src/codes/roles';
import { canUseScreen } from '../../packages/domain/src/screen-access';

const PHONE = { width: 360, height: 740 };

for (const lang of LANGS) {
  test.describe(`accessibility in ${lang}`, () => {
    test.use({ lang });

    test('sign-in page (desktop)', async ({ page }) => {
      const screen = screenAt('/auth/signin');
      await page.goto(screen.visit);
      await expectMainHeading(page, screen.titleKey, lang);
      expect(await seriousA11yViolations(page)).toEqual([]);
    });

    test.describe('signed in (desktop)', () => {
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

/**
 * Sets the language the next page load starts in (localStorage `currentLang`, read at start-up),
 * from a cheap page of the same origin.
 */
async function startIn(page: Page, lang: Lang): Promise<void> {
  await page.goto('/api/health');
  await page.evaluate((l) => window.localStorage.setItem('currentLang', l), lang);
}

// One test per screen for both languages, in one page: the sweep is half of the browser suite's
// time, and a context and page per language and screen was a fifth of it.
test.describe(`every screen at ${PHONE.width}x${PHONE.height}, in ${LANGS.join(' and ')}`, () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  const check = async (page: Page, screen: Screen, testInfo: TestInfo) => {
    // Per language: a visit (or the switch), a settled page, a full axe scan and, outside CI, a screenshot.
    test.slow();
    const problems: string[] = [];
    for (const [n, lang] of LANGS.entries()) {
      // The first language from a page load; the next one as a person switches to it, where the
      // screen has the switch (a reload costs the app's whole start on a busy 2-core runner).
      const switchTo = page.getByTestId('language-switch').getByRole('button', { name: LANGUAGE_NATIVE_NAMES[lang], exact: true });
      if (n > 0 && (await switchTo.isVisible())) {
        await switchTo.click();
      } else {
        await startIn(page, lang);
        await page.goto(screen.visit);
      }
      await expectScreen(page, screen.titleKey, lang);
      await waitForContent(page);
      const violations = await seriousA11yViolations(page);
      // For people to look at; CI keeps its time for the checks (a failure is photographed anyway).
      if (!process.env.CI) await screenshotAt(page, testInfo, `${screen.id}-${lang}-${PHONE.width}x${PHONE.height}`);
      problems.push(...violations.map((v) => `${lang}: ${v}`));
      // No code, key or `undefined` on an English screen (plain-words.spec.ts checks every screen in Khmer).
      if (lang === 'en') problems.push(...(await plainWordProblems(page, lang)).map((p) => `${lang}: ${p}`));
    }
    expect(problems, screen.visit).toEqual([]);
  };

  // Each screen as an advisor, or as the agency admin where only an admin may use it.
  const signedIn = SCREENS.filter((s) => s.requiresAuth);
  const forAdvisor = signedIn.filter((s) => canUseScreen(s, [ROLE_AAP]));
  for (const [username, screens] of [
    ['demo.aap', forAdvisor],
    ['demo.aa', signedIn.filter((s) => !forAdvisor.includes(s))],
  ] as const) {
    test.describe(`signed in as ${username}`, () => {
      test.use({ signedInAs: username });
      for (const screen of screens) {
        test(`${screen.id} ${screen.visit}`, async ({ page }, testInfo) => check(page, screen, testInfo));
      }
    });
  }

  test.describe('signed out', () => {
    for (const screen of SCREENS.filter((s) => !s.requiresAuth)) {
      test(`${screen.id} ${screen.visit}`, async ({ page }, testInfo) => check(page, screen, testInfo));
    }
  });
});
