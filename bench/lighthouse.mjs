// `npm run lighthouse` (root): Lighthouse 12 (mobile defaults: a mid-range phone, simulated slow
// 4G, 4x CPU slowdown) with Debian Chromium against the production build, for each page of
// PAGES. Writes bench/results/lighthouse-<page>.report.html and .json, a summary table
// (bench/results/lighthouse-latest.md, and bench/LIGHTHOUSE.md for the README), and the goals.
// Signed-in pages get the stored login the SPA keeps in localStorage (DESIGN.md §6),
// from a real sign-in of the demo advisor (password + OTP from the dev outbox).
// Each page is measured twice: warm (after a visit that filled the HTTP cache: a returning
// user) and cold (the browser cache emptied first: the first visit after sign-in). The section
// of bench/LIGHTHOUSE.md from "## Changes measured" on is written by hand and kept by each run.
//
// Needs apps/web/dist and apps/server/dist (npm run build). Settings (environment):
//   LIGHTHOUSE_PAGES=sign-in,contacts   only these pages (names in PAGES)
//   LIGHTHOUSE_CACHE=warm|cold          only warm or only cold runs (default both)
//   CHROME_PATH=/usr/bin/chromium       the browser
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { SERVER_ENTRY, serverBuilt, signIn } from './lib/portal.mjs';
import { PAGES } from './lib/web-pages.mjs';
import { BENCH_DIR, ROOT, freePort, startChild, waitForHttp } from './lib/proc.mjs';

/** Each page's goals on a mid-range phone (README, "Benchmarks"); best practices is our own. */
export const GOALS = [
  { id: 'performance', label: 'performance', op: '>=', value: 90, of: (r) => Math.round(r.categories.performance.score * 100) },
  {
    id: 'lcp',
    label: 'LCP (s)',
    op: '<=',
    value: 2.5,
    of: (r) => Number((r.audits['largest-contentful-paint'].numericValue / 1000).toFixed(2)),
  },
  { id: 'tbt', label: 'TBT (ms)', op: '<=', value: 200, of: (r) => Math.round(r.audits['total-blocking-time'].numericValue) },
  { id: 'cls', label: 'CLS', op: '<=', value: 0.05, of: (r) => Number(r.audits['cumulative-layout-shift'].numericValue.toFixed(3)) },
  { id: 'accessibility', label: 'accessibility', op: '>=', value: 100, of: (r) => Math.round(r.categories.accessibility.score * 100) },
  { id: 'best-practices', label: 'best practices', op: '>=', value: 95, of: (r) => Math.round(r.categories['best-practices'].score * 100) },
];

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WEB_INDEX = join(ROOT, 'apps/web/dist/index.html');
const RESULTS = join(BENCH_DIR, 'results');
const KEPT_SECTION = '## Changes measured';
const CACHES = ['warm', 'cold'];

function measured(goal, lhr) {
  if (lhr.runtimeError) return null;
  try {
    const value = goal.of(lhr);
    return Number.isFinite(value) ? value : null;
  } catch {
    return null;
  }
}

function failedAudits(lhr, category) {
  return lhr.categories[category].auditRefs
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id].score !== null && lhr.audits[ref.id].score < 1)
    .map((ref) => `${ref.id} (${lhr.audits[ref.id].score})`);
}

async function main() {
  if (!serverBuilt() || !existsSync(WEB_INDEX)) {
    console.error(`[lighthouse] build first: npm run build (needs ${SERVER_ENTRY} and ${WEB_INDEX})`);
    process.exitCode = 1;
    return;
  }
  const filter = (process.env.LIGHTHOUSE_PAGES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const pages = filter.length ? PAGES.filter((p) => filter.includes(p.name)) : PAGES;
  mkdirSync(RESULTS, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'portal-lighthouse-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    // A benchmark on this machine: the demo users and accounts are wanted (never on a real deployment).
    PORTAL_DEMO_IN_PRODUCTION: '1',
    PORTAL_DEMO: '1',
    PORTAL_DEV_OUTBOX: '1',
    DATA_DIR: join(work, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: 'lighthouse-only-secret-0123456789abcdefghijklmnop',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const server = startChild(process.execPath, [SERVER_ENTRY], { env, log: join(work, 'server.log') });
  let chrome;
  let browser;
  const rows = [];
  try {
    await waitForHttp(`${base}/api/health`, { child: server.child, timeoutMs: 180_000 });
    const session = pages.some((p) => p.signedIn) ? await signIn(base) : null;
    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const caches = CACHES.filter((c) => !process.env.LIGHTHOUSE_CACHE || process.env.LIGHTHOUSE_CACHE === c);
    for (const cache of caches) {
      for (const page of pages) {
        const tab = await browser.newPage();
        // The stored login (and English), as the SPA keeps them; Lighthouse must not wipe them.
        await tab.goto(`${base}/api/health/live`);
        await tab.evaluate(
          (login) => {
            localStorage.clear();
            localStorage.setItem('currentLang', 'en');
            if (login) {
              localStorage.setItem('token', JSON.stringify({ accessToken: login.token, refreshToken: login.refreshToken }));
              localStorage.setItem('profile', JSON.stringify(login.user));
            }
          },
          page.signedIn ? session : null,
        );
        const url = `${base}${page.path}${page.query ? await page.query(base, session) : ''}`;
        // A visit first (server caches, the check that the page renders); then Lighthouse's own
        // load: warm, with the HTTP cache that visit filled, or cold, with the cache emptied.
        await tab.goto(url, { waitUntil: 'networkidle0' });
        await tab.waitForSelector(page.ready, { timeout: 30_000 });
        if (new URL(tab.url()).pathname !== page.path) throw new Error(`${page.name}: ${page.path} ended on ${tab.url()}`);
        if (cache === 'cold') {
          const cdp = await tab.createCDPSession();
          await cdp.send('Network.clearBrowserCache');
          await cdp.detach();
          await tab.goto(`${base}/api/health/live`);
        }
        const result = await lighthouse(url, { output: ['html', 'json'], logLevel: 'error', disableStorageReset: true }, undefined, tab);
        const lhr = result.lhr;
        const [html, json] = result.report;
        writeFileSync(join(RESULTS, `lighthouse-${page.name}-${cache}.report.html`), html);
        writeFileSync(join(RESULTS, `lighthouse-${page.name}-${cache}.report.json`), json);
        // A run Lighthouse could not measure (lhr.runtimeError, e.g. NO_NAVSTART) shows n/a, not a number.
        const values = Object.fromEntries(GOALS.map((g) => [g.id, measured(g, lhr)]));
        const misses = GOALS.filter(
          (g) => values[g.id] === null || !(g.op === '>=' ? values[g.id] >= g.value : values[g.id] <= g.value),
        ).map((g) => g.id);
        rows.push({
          page: page.name,
          path: page.path,
          cache,
          error: lhr.runtimeError?.code ?? null,
          values,
          misses,
          benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
          finalUrl: lhr.finalDisplayedUrl,
          failed: { accessibility: failedAudits(lhr, 'accessibility'), 'best-practices': failedAudits(lhr, 'best-practices') },
        });
        console.log(
          `[lighthouse] ${page.name} (${cache}): ${GOALS.map((g) => `${g.label} ${values[g.id]}`).join(', ')}${misses.length ? `  (missed: ${misses.join(', ')})` : ''}`,
        );
        await tab.close();
      }
    }
  } finally {
    await browser?.disconnect().catch(() => {});
    chrome?.kill();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  const head = ['page', ...GOALS.map((g) => `${g.label} (${g.op} ${g.value})`)];
  const md = [
    `# Lighthouse: ${new Date().toISOString()}`,
    '',
    `Lighthouse 12.8.2, mobile defaults (simulated slow 4G, 4x CPU slowdown), Debian Chromium, production build on PGlite; machine: ${cpus().length} x ${cpus()[0]?.model ?? '?'}, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')}.`,
    '',
    ...CACHES.filter((c) => rows.some((r) => r.cache === c)).flatMap((cache) => [
      cache === 'warm'
        ? '**Warm** (a returning user: the HTTP cache filled by an earlier visit):'
        : '**Cold** (the first visit after sign-in: the HTTP cache empty, the stored login in place):',
      '',
      `| ${head.join(' | ')} |`,
      `|${head.map(() => '---').join('|')}|`,
      ...rows
        .filter((r) => r.cache === cache)
        .map(
          (r) =>
            `| ${r.page} (\`${r.path}\`) | ${GOALS.map((g) => (r.values[g.id] === null ? `n/a (${r.error ?? 'not measured'})` : `${r.values[g.id]}${r.misses.includes(g.id) ? ' **(missed)**' : ''}`)).join(' | ')} |`,
        ),
      '',
    ]),
    `Lighthouse's CPU benchmark index of this machine during the runs (in table order): ${rows.map((r) => r.benchmarkIndex).join(', ')} (an idle desktop scores about 1,000-2,000; below about 700 the simulated 4x slowdown makes TBT and performance far worse than a real mid-range phone, so rerun on a quiet machine).`,
    '',
    ...rows.flatMap((r) =>
      r.failed.accessibility.length || r.failed['best-practices'].length
        ? [
            `- ${r.page} (${r.cache}): accessibility audits below 1: ${r.failed.accessibility.join(', ') || 'none'}; best practices: ${r.failed['best-practices'].join(', ') || 'none'}`,
          ]
        : [],
    ),
    '',
    'Reports: bench/results/lighthouse-<page>-<warm|cold>.report.html (not committed). Pages: bench/lib/web-pages.mjs PAGES.',
    '',
  ].join('\n');
  const summary = join(BENCH_DIR, 'LIGHTHOUSE.md');
  const previous = existsSync(summary) ? readFileSync(summary, 'utf8') : '';
  const kept = previous.includes(KEPT_SECTION) ? previous.slice(previous.indexOf(KEPT_SECTION)) : '';
  writeFileSync(join(RESULTS, 'lighthouse-latest.md'), md);
  writeFileSync(summary, kept ? `${md}\n${kept}` : md);
  writeFileSync(join(RESULTS, 'lighthouse-latest.json'), `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`\n${md}`);
}

try {
  await main();
} catch (error) {
  console.error(`[lighthouse] failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
}
