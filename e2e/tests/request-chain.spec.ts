// A cold deep link (empty HTTP cache) draws its first content after at most two rounds of
// requests, in English and in Khmer: round 1 is what index.html names (the entry's scripts and
// style sheet), round 2 is everything the entry asks for at once — the route's chunks, the
// language files its first screen needs and the screen's first data. A language file fetched
// because a screen rendered and found a namespace missing, or data asked for after the screen's
// first render, is a third round and fails the test.
//
// Rounds are measured, not timed: every response is slowed by the same latency (DevTools network
// emulation), and a request belongs to the round after the latest round of which some request had
// already answered when it was sent. Requests the first screen does not wait for are not counted:
// those sent after it is drawn, and the work the app leaves for idle time (the toast container,
// the next steps' chunks, the prefetch of other areas: requestIdleCallback), which the test holds
// back until the first content is drawn — while a round waits on the network the page is idle,
// and that work would otherwise start in the middle of the chain it is not part of. Fonts are
// not counted either (text is drawn at once in a fallback face).
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { LANGS } from '../support/i18n';

/** Added to every response: far longer than the gap between requests the page sends together. */
const LATENCY_MS = 400;
const COUNTED = /^\/(assets\/.+\.(js|css)|locales\/.+\.json|api\/.+)$/;
const MAX_ROUNDS = 2;

interface TracedRequest {
  path: string;
  /** DevTools monotonic clock, seconds. */
  sent: number;
  done?: number;
  round?: number;
}

/** Records every request of the page from now on, with its send and finish times. */
async function traceRequests(page: Page): Promise<{ cdp: CDPSession; requests: Map<string, TracedRequest>; wallOffset: () => number }> {
  const cdp = await page.context().newCDPSession(page);
  const requests = new Map<string, TracedRequest>();
  let offset: number | undefined;
  cdp.on('Network.requestWillBeSent', (event) => {
    offset ??= event.wallTime - event.timestamp;
    const url = new URL(event.request.url);
    if (!requests.has(event.requestId)) requests.set(event.requestId, { path: url.pathname + url.search, sent: event.timestamp });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.done = event.timestamp;
  });
  cdp.on('Network.loadingFailed', (event) => {
    const request = requests.get(event.requestId);
    if (request) request.done = event.timestamp;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
  return {
    cdp,
    requests,
    wallOffset: () => {
      if (offset === undefined) throw new Error('no request was seen');
      return offset;
    },
  };
}

/**
 * Notes (performance.now()) when `selector` first matches, from the page's very first script on,
 * and holds idle callbacks back until then.
 */
async function watchFirstContent(page: Page, selector: string): Promise<void> {
  await page.addInitScript((sel) => {
    const w = window as Window & { __firstContent?: number };
    const held: (() => void)[] = [];
    const requestIdle = window.requestIdleCallback.bind(window);
    window.requestIdleCallback = (callback, options) => {
      if (w.__firstContent !== undefined) return requestIdle(callback, options);
      let id = 0;
      let cancelled = false;
      held.push(() => {
        if (!cancelled) id = requestIdle(callback, options);
      });
      const cancel = window.cancelIdleCallback.bind(window);
      // A handle the app may cancel: cancelling before release drops the callback.
      const handle = -1 - held.length;
      cancelHeld.set(handle, () => {
        cancelled = true;
        if (id) cancel(id);
      });
      return handle;
    };
    const cancelHeld = new Map<number, () => void>();
    const cancelIdle = window.cancelIdleCallback.bind(window);
    window.cancelIdleCallback = (handle) => {
      const cancel = cancelHeld.get(handle);
      if (cancel) cancel();
      else cancelIdle(handle);
    };
    const check = () => {
      if (w.__firstContent !== undefined || !document.querySelector(sel)) return;
      w.__firstContent = performance.now();
      for (const release of held.splice(0)) release();
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
  }, selector);
}

/**
 * Each counted request's round: 1 + the highest round of a counted request that had finished
 * before it was sent (the document is round 0).
 */
function assignRounds(counted: TracedRequest[]): void {
  for (const request of [...counted].sort((a, b) => a.sent - b.sent)) {
    let before = 0;
    for (const other of counted) {
      if (other !== request && other.round !== undefined && other.done !== undefined && other.done <= request.sent)
        before = Math.max(before, other.round);
    }
    request.round = before + 1;
  }
}

async function openCold(page: Page, path: string, firstContent: string) {
  const testInfo = test.info();
  await watchFirstContent(page, firstContent);
  const trace = await traceRequests(page);
  await page.goto(path);
  await expect(page.locator(firstContent).first()).toBeVisible({ timeout: 30_000 });
  const drawnAt = await page.evaluate(
    () => performance.timeOrigin + ((window as Window & { __firstContent?: number }).__firstContent ?? NaN),
  );
  expect(drawnAt, 'the time the first content appeared').not.toBeNaN();
  // Let every request sent before that time answer (a latency and a margin).
  await page.waitForTimeout(LATENCY_MS * 3);
  const drawn = drawnAt / 1000 - trace.wallOffset();
  const all = [...trace.requests.values()];
  const counted = all.filter((r) => COUNTED.test(r.path) && r.sent <= drawn);
  assignRounds(counted);
  await trace.cdp.detach();
  const chain = counted
    .sort((a, b) => a.sent - b.sent)
    .map((r) => `round ${r.round}: ${r.path}`)
    .join('\n');
  await testInfo.attach('request chain', { body: chain, contentType: 'text/plain' });
  return { counted, chain, all };
}

for (const lang of LANGS) {
  test.describe(`cold deep link, ${lang}`, () => {
    test.describe('signed out', () => {
      test.use({ lang });

      test('/auth/signin draws its form after two rounds, with no language file fetched for it', async ({ page }) => {
        const { counted, chain } = await openCold(page, '/auth/signin', 'form input[name=password]');
        expect(counted.length, chain).toBeGreaterThan(0);
        expect(Math.max(...counted.map((r) => r.round ?? 0)), `rounds before the sign-in form was drawn:\n${chain}`).toBeLessThanOrEqual(
          MAX_ROUNDS,
        );
        expect(
          counted.filter((r) => r.path.startsWith('/locales/')).map((r) => r.path),
          `the sign-in screen's strings come with its scripts:\n${chain}`,
        ).toEqual([]);
      });
    });

    test.describe('signed in', () => {
      test.use({ lang, signedInAs: 'demo.aap' });

      test('/home/contact draws its screen after two rounds and asks for its contacts in the second', async ({ page }) => {
        const { counted, chain, all } = await openCold(page, '/home/contact', 'main h1');
        expect(
          Math.max(...counted.map((r) => r.round ?? 0)),
          `rounds before the contact list's heading was drawn:\n${chain}`,
        ).toBeLessThanOrEqual(MAX_ROUNDS);
        // The list's first page: sent with the route's chunks, whether or not it answered before the heading.
        const find = all.find((r) => r.path.startsWith('/api/contact/v2/find'));
        expect(find, `the contact list's first query was sent:\n${chain}`).toBeDefined();
        const withFind = all.filter((r) => COUNTED.test(r.path) && find && r.sent <= find.sent);
        assignRounds(withFind);
        expect(
          find?.round,
          `the contact list's query is in the second round:\n${withFind.map((r) => `round ${r.round}: ${r.path}`).join('\n')}`,
        ).toBe(2);
        expect(
          counted.map((r) => r.path),
          chain,
        ).toEqual(expect.arrayContaining([expect.stringMatching(/^\/locales\/contacts[.-]/)]));
      });
    });
  });
}
