// Khmer text drawn before the Khmer web font arrived (the header, the language switch, the footer)
// is drawn again with it: each Khmer text of the page is as wide as a fresh copy of it drawn now,
// with the font loaded. Without that, Chromium on a system with no Khmer font keeps boxes.
import type { Page } from '@playwright/test';
import { expectScreen } from '../support/checks';
import { expect, test } from '../support/fixtures';

/** Khmer text elements whose width differs from a fresh copy's (with the same styles, drawn now). */
async function staleKhmerText(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    await document.fonts.ready;
    const stale: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>('header *, footer *, nav *')) {
      const own = [...el.childNodes]
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('');
      if (!/[\u1780-\u17FF]/.test(own) || el.children.length > 0) continue;
      const copy = document.createElement('span');
      const style = getComputedStyle(el);
      for (const prop of ['font-family', 'font-size', 'font-weight', 'font-style', 'letter-spacing'])
        copy.style.setProperty(prop, style.getPropertyValue(prop));
      copy.style.position = 'absolute';
      copy.style.whiteSpace = 'pre';
      copy.textContent = own;
      document.body.append(copy);
      const range = document.createRange();
      range.selectNodeContents(el);
      const drawn = range.getBoundingClientRect().width;
      const fresh = copy.getBoundingClientRect().width;
      copy.remove();
      // One line of text: its width is the sum of its glyphs' (a wrapped one is not compared).
      if (range.getClientRects().length === 1 && Math.abs(drawn - fresh) > 1)
        stale.push(`${own}: ${drawn.toFixed(1)} vs ${fresh.toFixed(1)}`);
    }
    return stale;
  });
}

test.describe('Khmer text drawn with the Khmer font', () => {
  test.use({ lang: 'km', viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

  test('signed out: the sign-in frame', async ({ page }) => {
    await page.goto('/auth/signin');
    await expectScreen(page, 'auth:signin_title', 'km');
    await expect.poll(() => staleKhmerText(page)).toEqual([]);
  });

  test.describe('signed in', () => {
    test.use({ signedInAs: 'demo.aap' });
    test('the app shell', async ({ page }) => {
      await page.goto('/home');
      await expectScreen(page, 'home:title', 'km');
      await expect.poll(() => staleKhmerText(page)).toEqual([]);
    });
  });
});
