// `npm run trace:web -w @portal/bench -- [page ...]`: loads pages of lib/web-pages.mjs in Debian
// Chromium with the CPU slowed 4x (as Lighthouse's mobile run), records a DevTools trace and a
// CPU profile, and prints what took the main thread: long tasks, forced (synchronous) layouts
// with the script that asked for them, the app functions with the most inclusive time, and what
// was downloaded (scripts, style sheets, fonts). Each page is loaded cold (a fresh browser
// context: empty cache) and then warm (the same context, second load). Not a benchmark: it finds
// the cost; `npm run lighthouse` scores it.
//
// Needs apps/web/dist and apps/server/dist (npm run build). TRACE_WAIT_MS: how long to keep
// recording after the page is ready (default 6000, so the idle prefetch shows). TRACE_PROFILE_DIR:
// also write each CPU profile there (<time>.cpuprofile, opens in DevTools).
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { SERVER_ENTRY, serverBuilt, signIn } from './lib/portal.mjs';
import { BENCH_DIR, freePort, sleep, startChild, waitForHttp } from './lib/proc.mjs';
import { PAGES } from './lib/web-pages.mjs';

const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const WAIT_MS = Number(process.env.TRACE_WAIT_MS ?? 6000);
const RESULTS = join(BENCH_DIR, 'results');

/** Inclusive milliseconds per function of the CPU profile (a recursive call counted once). */
function functionTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (dt[i + 1] ?? 0) / 1000);
  }
  const totals = new Map();
  const walk = (node, active) => {
    const f = node.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/assets\//, '')}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
    let inclusive = self.get(node.id) ?? 0;
    const nested = active.has(key);
    if (!nested) active.add(key);
    for (const child of node.children ?? []) inclusive += walk(byId.get(child), active);
    if (!nested) {
      active.delete(key);
      if (f.url.includes('/assets/')) totals.set(key, (totals.get(key) ?? 0) + inclusive);
    }
    return inclusive;
  };
  walk(profile.nodes[0], new Set());
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

function summarise(name, events, profile, requests) {
  // The page's main thread: the renderer main thread that ran the most.
  const mains = events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const busy = (t) => events.reduce((sum, e) => (e.pid === t.pid && e.tid === t.tid && e.ph === 'X' ? sum + e.dur : sum), 0);
  const thread = mains.map((t) => ({ t, busy: busy(t) })).sort((a, b) => b.busy - a.busy)[0]?.t;
  const onMain = events.filter((e) => e.pid === thread?.pid && e.tid === thread?.tid && e.ph === 'X');
  const tasks = onMain.filter((e) => e.name === 'RunTask' && e.dur > 50_000);
  const tbt = tasks.reduce((sum, e) => sum + (e.dur / 1000 - 50), 0);
  const layouts = onMain.filter((e) => e.name === 'Layout');
  const forced = layouts.filter((e) => e.args?.beginData?.stackTrace?.length);
  const lines = [`## ${name}`, ''];
  lines.push(
    `${tasks.length} long tasks (> 50 ms), ${Math.round(tbt)} ms over 50 ms in all (4x CPU slowdown); ` +
      `layouts ${layouts.length} (${Math.round(layouts.reduce((s, e) => s + e.dur, 0) / 1000)} ms), forced ${forced.length} (${Math.round(forced.reduce((s, e) => s + e.dur, 0) / 1000)} ms)`,
  );
  for (const e of forced.sort((a, b) => b.dur - a.dur).slice(0, 5)) {
    const frame = e.args.beginData.stackTrace[0];
    lines.push(
      `- forced layout ${(e.dur / 1000).toFixed(1)} ms from ${frame.functionName || '(anonymous)'} ${frame.url.replace(/^.*\/assets\//, '')}:${frame.lineNumber}`,
    );
  }
  lines.push(
    '',
    'long tasks (ms): ' + tasks.map((e) => Math.round(e.dur / 1000)).join(', '),
    '',
    'functions outside React itself, inclusive ms:',
  );
  for (const [key, ms] of functionTimes(profile)
    .filter(([k]) => !k.includes('vendor-react'))
    .slice(0, 30))
    lines.push(`- ${ms.toFixed(0).padStart(5)}  ${key}`);
  const kinds = { script: [], stylesheet: [], font: [] };
  for (const r of requests) kinds[r.type]?.push(r);
  lines.push('', `downloads: ${kinds.script.length} scripts, ${kinds.stylesheet.length} style sheets, ${kinds.font.length} fonts`);
  for (const r of [...kinds.stylesheet, ...kinds.font])
    lines.push(`- ${r.type} ${r.url.replace(/^.*\/assets\//, '')} ${r.bytes ?? '?'} B${r.fromCache ? ' (cache)' : ''}`);
  return lines.join('\n');
}

async function traceLoad(browser, tab, url, ready) {
  const client = await tab.createCDPSession();
  await client.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await client.send('Profiler.enable');
  await client.send('Profiler.setSamplingInterval', { interval: 200 });
  const requests = [];
  const onResponse = (response) => {
    const type = response.request().resourceType();
    if (!['script', 'stylesheet', 'font'].includes(type)) return;
    requests.push({
      type,
      url: response.url(),
      bytes: Number(response.headers()['content-length']) || undefined,
      fromCache: response.fromCache(),
    });
  };
  tab.on('response', onResponse);
  const tracePath = join(mkdtempSync(join(tmpdir(), 'portal-trace-')), 'trace.json');
  await tab.tracing.start({
    path: tracePath,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.stack',
      'loading',
      '__metadata',
    ],
  });
  await client.send('Profiler.start');
  await tab.goto(url, { waitUntil: 'load' });
  await tab.waitForSelector(ready, { timeout: 60_000 });
  await sleep(WAIT_MS);
  const { profile } = await client.send('Profiler.stop');
  if (process.env.TRACE_PROFILE_DIR)
    writeFileSync(join(process.env.TRACE_PROFILE_DIR, `${Date.now()}.cpuprofile`), JSON.stringify(profile));
  const trace = JSON.parse(Buffer.from(await tab.tracing.stop()).toString('utf8'));
  tab.off('response', onResponse);
  await client.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await client.detach();
  rmSync(tracePath, { force: true });
  return { events: trace.traceEvents ?? trace, profile, requests };
}

async function main() {
  if (!serverBuilt()) throw new Error('build first: npm run build');
  const wanted = process.argv.slice(2);
  const pages = wanted.length ? PAGES.filter((p) => wanted.includes(p.name)) : PAGES;
  const work = mkdtempSync(join(tmpdir(), 'portal-trace-web-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORTAL_DEMO_IN_PRODUCTION: '1',
    PORTAL_DEMO: '1',
    PORTAL_DEV_OUTBOX: '1',
    DATA_DIR: join(work, 'data'),
    PORT: String(port),
    HOST: '127.0.0.1',
    JWT_SECRET: 'trace-only-secret-0123456789abcdefghijklmnopqrstu',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const server = startChild(process.execPath, [SERVER_ENTRY], { env, log: join(work, 'server.log') });
  let chrome;
  let browser;
  const out = [];
  try {
    await waitForHttp(`${base}/api/health`, { child: server.child, timeoutMs: 180_000 });
    const session = pages.some((p) => p.signedIn) ? await signIn(base) : null;
    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--window-size=412,823'],
    });
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: { width: 412, height: 823, isMobile: true, deviceScaleFactor: 1.75 },
    });
    for (const page of pages) {
      const context = await browser.createBrowserContext();
      const tab = await context.newPage();
      await tab.goto(`${base}/api/health/live`);
      await tab.evaluate(
        (login) => {
          localStorage.setItem('currentLang', 'en');
          if (login) {
            localStorage.setItem('token', JSON.stringify({ accessToken: login.token, refreshToken: login.refreshToken }));
            localStorage.setItem('profile', JSON.stringify(login.user));
          }
        },
        page.signedIn ? session : null,
      );
      const url = `${base}${page.path}${page.query ? await page.query(base, session) : ''}`;
      for (const mode of ['cold', 'warm']) {
        const { events, profile, requests } = await traceLoad(browser, tab, url, page.ready);
        const text = summarise(`${page.name} (${mode})`, events, profile, requests);
        console.log(`${text}\n`);
        out.push(text);
      }
      await context.close();
    }
  } finally {
    await browser?.disconnect().catch(() => {});
    chrome?.kill();
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(join(RESULTS, 'trace-web-latest.md'), `${out.join('\n\n')}\n`);
}

try {
  await main();
} catch (error) {
  console.error(`[trace-web] failed: ${error.stack ?? error.message}`);
  process.exitCode = 1;
}
