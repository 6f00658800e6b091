// Lists, the quote form and a wizard step keep their place while they load (skeletons
// reserve the space, no layout shift): on a 360 x 740 phone, the layout shifts the browser
// reports from the first paint until the content has settled add up to at most 0.05 (the CLS goal
// of the Lighthouse targets). Shifts right after a key press or tap are not counted, as
// in CLS.
import type { Page } from '@playwright/test';
import { waitForContent } from '../support/checks';
import { expect, test } from '../support/fixtures';
import { contactWithProposal, pendingApplication } from '../support/records';

const CLS_GOAL = 0.05;

test.use({ signedInAs: 'demo.aap', viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    const w = window as unknown as { __layoutShift: number; __shifts: string[] };
    w.__layoutShift = 0;
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
        sources?: { node?: Node | null }[];
      })[]) {
        if (entry.hadRecentInput) continue;
        w.__layoutShift += entry.value;
        const nodes = (entry.sources ?? []).map((s) =>
          s.node instanceof Element
            ? `${s.node.tagName.toLowerCase()}.${[...s.node.classList].slice(0, 2).join('.')}`
            : String(s.node?.nodeName),
        );
        w.__shifts.push(`${entry.value.toFixed(4)} ${nodes.join(', ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
});

async function expectSteadyLoad(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await waitForContent(page);
  // Late shifts (a font, an image) are reported after the frame they happen in.
  await page.waitForTimeout(500);
  const { total, shifts } = await page.evaluate(() => {
    const w = window as unknown as { __layoutShift: number; __shifts: string[] };
    return { total: w.__layoutShift, shifts: w.__shifts };
  });
  expect.soft(total, `layout shift on ${path}: ${shifts.join('; ')}`).toBeLessThanOrEqual(CLS_GOAL);
}

test('the dashboard, contact list, proposal list and application list load without moving', async ({ page }) => {
  for (const path of [
    '/home',
    '/home/contact',
    '/home/proposal/proposal-list',
    '/home/application/application-list',
    '/home/servicing/search',
  ]) {
    await expectSteadyLoad(page, path);
  }
});

test('the quote form and a wizard step load without moving', async ({ page }) => {
  await expectSteadyLoad(page, '/home/proposal');
  const applicationId = await pendingApplication(page);
  await expectSteadyLoad(page, `/home/application/detail?applicationId=${encodeURIComponent(applicationId)}`);
});

test('the contact list never shows its count and "load more" over rows not drawn yet', async ({ page, context }) => {
  // Every DOM change is checked: the rows are drawn one render after the data arrives, and a
  // frame painted in between would show the list empty and then growing.
  await context.addInitScript(() => {
    const w = window as unknown as { __countWithoutRows: number };
    w.__countWithoutRows = 0;
    new MutationObserver(() => {
      const count = document.querySelector('[data-testid="contact-list-count"]');
      if (count && document.querySelectorAll('[data-testid="contact-row"]').length === 0) w.__countWithoutRows += 1;
    }).observe(document, { subtree: true, childList: true });
  });
  await contactWithProposal(page);
  // The list's answer comes after the screen is up (as on a slow network), not with the screen's code.
  await page.route('**/api/contact/v2/find?**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.goto('/home/contact');
  await expect(page.getByTestId('contact-row').first()).toBeVisible();
  await expect(page.getByTestId('contact-list-count')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __countWithoutRows: number }).__countWithoutRows)).toBe(0);
});
