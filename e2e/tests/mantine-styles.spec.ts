// Each screen brings the Mantine styles it draws with (the build adds a component's style sheet
// to the chunk that holds the component: apps/web/vite-plugins/mantine-component-css.ts). On
// each screen, adding Mantine's whole style sheet afterwards must change nothing a person sees:
// the computed styles of every element stay the same. A sheet missing from a chunk, or sheets
// arriving in an order that lets another Mantine rule win, shows up as a difference.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { waitForContent } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { pendingApplication } from '../support/records';

const require = createRequire(import.meta.url);
// `exports` hides package.json; the CommonJS entry is <root>/cjs/index.cjs.
const FULL_SHEET = readFileSync(join(dirname(dirname(require.resolve('@mantine/core'))), 'styles.layer.css'), 'utf8');
const FULL_SHEET_PATH = '/__mantine-full-styles.css';

const PROPERTIES = [
  'display',
  'position',
  'box-sizing',
  'width',
  'height',
  'margin-top',
  'margin-right',
  'margin-bottom',
  'margin-left',
  'padding-top',
  'padding-right',
  'padding-bottom',
  'padding-left',
  'border-top-width',
  'border-bottom-width',
  'border-top-color',
  'border-top-left-radius',
  'color',
  'background-color',
  'font-family',
  'font-size',
  'font-weight',
  'line-height',
  'text-align',
  'text-decoration-line',
  'gap',
  'flex-direction',
  'flex-wrap',
  'align-items',
  'justify-content',
  'grid-template-columns',
  'box-shadow',
  'outline-style',
  'opacity',
  'visibility',
  'overflow-x',
  'overflow-y',
  'cursor',
  'z-index',
];

/**
 * Computed styles by element. The first call numbers the elements (`data-style-probe`); later
 * calls read only those, so an element that appears in between (a toast, a dialog) is left out.
 */
function computedStyles(page: Page, first: boolean): Promise<Record<string, string>> {
  return page.evaluate(
    ({ properties, first }) => {
      const out: Record<string, string> = {};
      const elements = first ? document.body.querySelectorAll('*') : document.body.querySelectorAll('[data-style-probe]');
      elements.forEach((element, index) => {
        if (!(element instanceof HTMLElement) || element.closest('script, style, svg')) return;
        if (first) element.dataset.styleProbe = String(index);
        const style = getComputedStyle(element);
        if (first)
          element.dataset.styleName = `${element.tagName.toLowerCase()}.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}`;
        // The header's widths follow the Khmer label of the language switch, which the browser
        // shapes again (in the fallback face, until the font is taken up again) when a sheet is added.
        const inHeader = element.closest('header') !== null;
        out[`${element.dataset.styleProbe} ${element.dataset.styleName}`] = properties
          .map((p) => `${p}:${inHeader && p === 'width' ? '(header)' : style.getPropertyValue(p)}`)
          .join(';');
      });
      return out;
    },
    { properties: PROPERTIES, first },
  );
}

async function expectOwnStylesComplete(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForContent(page);
  // Fonts still loading would change text widths in between (the Khmer label of the language switch).
  await page.evaluate(async () => {
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const before = await computedStyles(page, true);
  await page.addStyleTag({ url: FULL_SHEET_PATH });
  // A new sheet makes the browser take up its font faces again: the same wait for them.
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    await document.fonts.ready;
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  const after = await computedStyles(page, false);
  // Elements a re-render replaced in between are not compared; the page's frame and content are.
  const both = Object.keys(before).filter((key) => key in after);
  expect(both.length, `elements compared on ${path}`).toBeGreaterThan(50);
  const changed = both
    .filter((key) => before[key] !== after[key])
    .map((key) => {
      const was = before[key]!.split(';');
      const now = after[key]!.split(';');
      return `${key}: ${was.flatMap((p, i) => (p === now[i] ? [] : [`${p} -> ${now[i]?.split(':').slice(1).join(':')}`])).join(', ')}`;
    });
  expect.soft(changed.slice(0, 10), `styles that Mantine's whole sheet changes on ${path} (${changed.length})`).toEqual([]);
}

test.beforeEach(async ({ page }) => {
  await page.route(`**${FULL_SHEET_PATH}`, (route) => route.fulfill({ contentType: 'text/css', body: FULL_SHEET }));
});

test('sign-in: its chunks bring every Mantine style it draws', async ({ page }) => {
  await expectOwnStylesComplete(page, '/auth/signin');
});

test.describe('signed in', () => {
  test.use({ signedInAs: 'demo.aap', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  for (const path of [
    '/home',
    '/home/contact',
    '/home/contact/contact-new',
    '/home/proposal',
    '/home/proposal/proposal-list',
    '/home/application/application-list',
    '/home/servicing/search',
    '/home/profile',
  ]) {
    test(`${path}: its chunks bring every Mantine style it draws`, async ({ page }) => {
      await expectOwnStylesComplete(page, path);
    });
  }

  test('a wizard step: its chunks bring every Mantine style it draws', async ({ page }) => {
    await page.goto('/home');
    const applicationId = await pendingApplication(page);
    await expectOwnStylesComplete(page, `/home/application/detail?applicationId=${encodeURIComponent(applicationId)}`);
  });
});
