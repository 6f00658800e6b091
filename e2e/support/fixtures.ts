// The project's `test`: every page is watched for console errors, uncaught exceptions and 5xx
// answers (any of them fails the test); `lang` picks the language before the app loads;
// `signedInAs` starts the test signed in (one real sign-in per user for the whole run).
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import type { Lang } from './i18n';
import { withFileLock } from './file-lock';
import { signIn } from './sign-in';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** Collects what a person would call "the page broke" from the pages it watches. */
export class PageProblems {
  private readonly problems: string[] = [];
  private readonly allowed: RegExp[] = [];
  /** Spec paths not built yet answer 501 by design (decision 001); noted, not failed. */
  readonly notImplemented: string[] = [];

  watch(page: Page): void {
    page.on('pageerror', (err) => this.problems.push(`uncaught: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      const text = msg.text();
      // Chromium reports every 4xx resource as a console error; a 401 before a sign-in or a 404 for
      // a missing record is the app working. 5xx answers are caught below, from the response.
      if (/^Failed to load resource: the server responded with a status of (4\d\d|5\d\d)/.test(text)) return;
      if (/^Failed to load resource: net::ERR_ABORTED/.test(text)) return;
      this.problems.push(`console: ${text}`);
    });
    page.on('response', (res) => {
      if (res.status() < 500) return;
      const line = `HTTP ${res.status()} ${res.request().method()} ${res.url()}`;
      if (res.status() === 501) this.notImplemented.push(line);
      else this.problems.push(line);
    });
  }

  /** Lets a test accept problems it provokes on purpose. */
  allow(...patterns: RegExp[]): void {
    this.allowed.push(...patterns);
  }

  list(): string[] {
    return this.problems.filter((p) => !this.allowed.some((re) => re.test(p)));
  }
}

type TestFixtures = {
  /** Language set in localStorage `currentLang` before every page load; undefined leaves the default. */
  lang: Lang | undefined;
  /** Username to be signed in as at the start of the test; undefined starts signed out. */
  signedInAs: string | undefined;
  pageProblems: PageProblems;
};

type WorkerFixtures = {
  /** Signed-in storage states (localStorage tokens), one real sign-in per user for the run. */
  sessions: { get(username: string): Promise<StorageState> };
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  lang: [undefined, { option: true }],
  signedInAs: [undefined, { option: true }],

  sessions: [
    async ({ browser }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL;
      // Kept on disk under the run's output folder (emptied at every run), because Playwright
      // starts a new worker after each failed test: a run with many failures must not turn into
      // many sign-ins (and the sign-in rate limit).
      const dir = join(workerInfo.project.outputDir, '.auth');
      mkdirSync(dir, { recursive: true });
      const inWorker = new Map<string, Promise<StorageState>>();
      await use({
        async get(username) {
          // A state is reused while its access token has 2 minutes left. After that (runs last
          // longer than a token), the shared file is read again — another worker may have signed
          // in already — else this worker signs in. Never a refresh from a shared state: refresh
          // tokens are single-use, and two workers spending one would revoke the session.
          const cached = inWorker.get(username);
          if (cached) {
            const state = await cached;
            if ((secondsLeft(state) ?? Infinity) > 120) return state;
          }
          const fresh = reuseOrSignIn(browser, baseURL, join(dir, `${username}.json`), username);
          inWorker.set(username, fresh);
          return fresh;
        },
      });
    },
    { scope: 'worker' },
  ],

  storageState: async ({ storageState, signedInAs, sessions }, use) => {
    await use(signedInAs ? await sessions.get(signedInAs) : storageState);
  },

  context: async ({ context, lang }, use) => {
    // Runs in every frame; a frame with no storage (the PDF viewer of a blob: frame) is skipped.
    if (lang)
      await context.addInitScript((l) => {
        if (window.localStorage) window.localStorage.setItem('currentLang', l);
      }, lang);
    await use(context);
  },

  pageProblems: [
    async ({ page }, use, testInfo) => {
      const problems = new PageProblems();
      problems.watch(page);
      await use(problems);
      for (const line of problems.notImplemented) testInfo.annotations.push({ type: 'not implemented (501)', description: line });
      expect(problems.list(), 'console errors, uncaught exceptions and 5xx answers on the page').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The saved state of `username` while its access token has 2 minutes left (so that no page
 * needs to refresh it: refresh tokens are single-use), else a new sign-in. The server allows
 * few OTPs per user and hour, so workers take turns and the first one signs in for all.
 */
async function reuseOrSignIn(browser: Browser, baseURL: string | undefined, file: string, username: string): Promise<StorageState> {
  return withFileLock(`session-${file}`, async () => {
    if (existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as StorageState;
      // A token that cannot be read: trusted while the file is young.
      const left = secondsLeft(saved) ?? 300 - (Date.now() - statSync(file).mtimeMs) / 1000;
      if (left > 120) return saved;
    }
    const context = await browser.newContext({ baseURL });
    try {
      const page = await context.newPage();
      await signIn(page, username);
      const state = await context.storageState();
      writeFileSync(file, JSON.stringify(state));
      return state;
    } finally {
      await context.close();
    }
  });
}

/** Seconds until the stored access token (localStorage `token`, DESIGN.md §6) expires; null if unreadable. */
function secondsLeft(state: StorageState): number | null {
  try {
    const stored = state.origins.flatMap((o) => o.localStorage).find((e) => e.name === 'token');
    const { accessToken } = JSON.parse(stored?.value ?? '{}') as { accessToken?: string };
    const payload = JSON.parse(Buffer.from(accessToken?.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp - Date.now() / 1000 : null;
  } catch {
    return null;
  }
}

export { expect };
