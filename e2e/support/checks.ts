import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { textMatcher, type Lang } from './i18n';

const KHMER_FONT = 'Noto Sans Khmer';

/** The page's one visible level-1 heading shows the title text of `titleKey` in `lang`. */
export async function expectMainHeading(page: Page, titleKey: string, lang: Lang): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }), `the level-1 heading shows ${titleKey} in ${lang}`).toHaveText([
    textMatcher(titleKey, lang),
  ]);
}

/** `<html lang>` says the language the page is in (`km`, or a regional tag such as `km-KH`). */
export async function expectHtmlLang(page: Page, lang: Lang): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', new RegExp(`^${lang}(-[A-Za-z0-9]+)*$`));
}

/** The heading is set in Noto Sans Khmer and that font face has actually loaded. */
export async function expectKhmerFont(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (family) => {
          await document.fonts.ready;
          const h1 = document.querySelector('h1');
          let loaded = false;
          document.fonts.forEach((face) => {
            if (face.family.replace(/["']/g, '') === family && face.status === 'loaded') loaded = true;
          });
          return {
            headingFontFamilyHasKhmerFont: Boolean(h1 && getComputedStyle(h1).fontFamily.includes(family)),
            khmerFontLoaded: loaded,
          };
        }, KHMER_FONT),
      { message: `${KHMER_FONT} is applied and loaded` },
    )
    .toEqual({ headingFontFamilyHasKhmerFont: true, khmerFontLoaded: true });
}

/** A screen as a person sees it: its title in the language, the language on <html>, the Khmer font in km. */
export async function expectScreen(page: Page, titleKey: string, lang: Lang): Promise<void> {
  await expectMainHeading(page, titleKey, lang);
  await expectHtmlLang(page, lang);
  if (lang === 'km') await expectKhmerFont(page);
}

/**
 * Waits for the page's running transitions and animations that end (a dialog or a picker fading
 * in), not for endless ones (a loader): colours measured half-way through a fade are not what a
 * person reads. At most 2 s.
 */
async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const deadline = performance.now() + 2_000;
    const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    // Two frames first, so a fade that starts on the next frame (a dialog just opened) is seen.
    while (performance.now() < deadline) {
      await frames();
      const ending = document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)));
      if (ending.length === 0) return;
      await Promise.race([
        Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now()))),
      ]);
    }
  });
}

/**
 * Serious and critical WCAG 2.1 A/AA violations axe-core finds on the page (or only inside the
 * `include` selectors), one line each, once the page's transitions have ended.
 */
export async function seriousA11yViolations(page: Page, include: readonly string[] = []): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of include) builder = builder.include(selector);
  await transitionsDone(page);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} at ${v.nodes
          .slice(0, 5)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * Waits until the page has settled as a person would see it: no loading skeleton, spinner or
 * busy region left (lists and detail pages show skeletons while their data loads) and the
 * network quiet, so a scan or a screenshot sees the content, not the placeholder.
 */
export async function waitForContent(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await expect(
    page.locator('.mantine-Skeleton-root[data-visible], .mantine-Loader-root, [aria-busy="true"]'),
    'loading placeholders are gone',
  ).toHaveCount(0, { timeout: 15_000 });
}

/** A screenshot of the window (what the phone shows first) attached to the test report and kept in its output folder. */
export async function screenshotAt(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}
