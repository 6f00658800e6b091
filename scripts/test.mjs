#!/usr/bin/env node
// `npm test`: every check of the project, in order (the static checks side by side), each one
// reporting even when an earlier one failed. Ends with a table and the plain line
// `N passed, N failed`; exits 1 if anything failed. Reports go to .tmp/test-results/ (one JSON
// file per suite, plus summary.json).
//
//   npm test                       everything
//   npm test -- --only api,e2e     a subset (e2e brings its build along)
//   npm test -- --skip e2e         all but some
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureChromium, ensurePdfTools } from './ensure-chromium.mjs';
import { buildIfStale } from './lib/build.mjs';
import { freePort } from './lib/free-port.mjs';
import { ROOT, run, stopChildrenOnSignals } from './lib/proc.mjs';
import { countsFromReport, exitNote, failuresIn } from './lib/reports.mjs';

const RESULTS = join(ROOT, '.tmp', 'test-results');
const MIN = 60_000;

const SUITES = [
  {
    name: 'typecheck',
    together: 'static',
    what: 'tsc, every workspace',
    timeoutMs: 10 * MIN,
    run: (s) => single(s, 'npm', ['run', 'typecheck']),
  },
  { name: 'lint', together: 'static', what: 'eslint, whole repo', timeoutMs: 10 * MIN, run: (s) => single(s, 'npm', ['run', 'lint']) },
  {
    name: 'format',
    together: 'static',
    what: 'prettier --check, whole repo',
    timeoutMs: 5 * MIN,
    run: (s) => single(s, 'npm', ['run', 'format:check']),
  },
  { name: 'unit', what: 'vitest: domain, i18n, web', timeoutMs: 15 * MIN, run: (s) => vitest(s, ['domain', 'i18n', 'web']) },
  { name: 'api', what: 'vitest: server on PGlite', timeoutMs: 25 * MIN, run: (s) => vitest(s, ['server']) },
  { name: 'build', what: 'vite + esbuild', timeoutMs: 15 * MIN, run: build },
  { name: 'budgets', what: 'bundle size budgets of the web build', timeoutMs: 5 * MIN, needs: ['build'], run: budgets },
  { name: 'e2e', what: 'playwright in Chromium', timeoutMs: 35 * MIN, needs: ['build'], run: playwright },
];

function usage(problem) {
  if (problem) console.error(problem);
  console.error(
    `usage: npm test [-- --only NAMES] [-- --skip NAMES]   (NAMES: comma-separated of ${SUITES.map((s) => s.name).join(', ')})`,
  );
  process.exit(2);
}

function selectSuites(argv) {
  let only = null;
  const skip = new Set();
  const names = (value) => {
    const list = (value ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean);
    if (list.length === 0) usage('missing suite names');
    for (const n of list) if (!SUITES.some((s) => s.name === n)) usage(`unknown suite "${n}"`);
    return list;
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.split('=', 2);
    if (flag === '--help' || flag === '-h') usage();
    else if (flag === '--skip') names(inline ?? argv[++i]).forEach((n) => skip.add(n));
    else if (flag === '--only' || !arg.startsWith('-')) {
      only ??= new Set();
      for (const n of names(flag === '--only' ? (inline ?? argv[++i]) : arg)) only.add(n);
    } else usage(`unknown option "${arg}"`);
  }
  const wanted = new Set(SUITES.filter((s) => (only ? only.has(s.name) : !s.optIn) && !skip.has(s.name)).map((s) => s.name));
  for (const s of SUITES) if (wanted.has(s.name)) for (const dep of s.needs ?? []) wanted.add(dep);
  return SUITES.filter((s) => wanted.has(s.name));
}

/** A check that passes or fails as a whole (typecheck, lint, format): one test. */
async function single(suite, cmd, args) {
  const code = await run(cmd, args, { timeoutMs: suite.timeoutMs, label: suite.name });
  return code === 0 ? { passed: 1, failed: 0, skipped: 0 } : { passed: 0, failed: 1, skipped: 0, note: exitNote(code) };
}

async function build(suite) {
  const counts = { passed: 0, failed: 0, skipped: 0 };
  const notes = [];
  for (const part of ['web', 'server']) {
    const code = await buildIfStale(part, { timeoutMs: suite.timeoutMs });
    if (code === 0) counts.passed++;
    else {
      counts.failed++;
      notes.push(`${part} ${exitNote(code)}`);
    }
  }
  return notes.length ? { ...counts, note: notes.join('; ') } : counts;
}

/** scripts/check-bundle-budgets.mjs: one test per budget (initial JS of two screens, each lazy chunk). */
async function budgets(suite, earlier) {
  if (earlier.build && earlier.build.failed > 0) return { passed: 0, failed: 1, skipped: 0, note: 'not run: the build failed' };
  const report = join(RESULTS, `${suite.name}.json`);
  const code = await run('node', [join(ROOT, 'scripts/check-bundle-budgets.mjs'), '--json', report], {
    timeoutMs: suite.timeoutMs,
    label: suite.name,
  });
  try {
    const { passed, failed } = JSON.parse(readFileSync(report, 'utf8'));
    return { passed, failed, skipped: 0, ...(failed > 0 ? { note: 'over budget: see the table above' } : {}) };
  } catch {
    return { passed: 0, failed: 1, skipped: 0, note: exitNote(code) };
  }
}

async function vitest(suite, projects) {
  const report = join(RESULTS, `${suite.name}.json`);
  const args = [
    '--no',
    'vitest',
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
  ];
  const code = await run('npx', args, { timeoutMs: suite.timeoutMs, label: suite.name });
  return countsFromReport('vitest', report, code);
}

async function playwright(suite, earlier) {
  if (earlier.build && earlier.build.failed > 0) {
    return { passed: 0, failed: 1, skipped: 0, note: 'not run: the build failed' };
  }
  const report = join(RESULTS, 'e2e.json');
  const env = {
    ...process.env,
    PLAYWRIGHT_JSON_OUTPUT_NAME: report,
    E2E_PORT: process.env.E2E_PORT ?? String(await freePort(3111)),
  };
  const code = await run('npx', ['--no', 'playwright', 'test', '--reporter=list,json'], {
    cwd: join(ROOT, 'e2e'),
    env,
    timeoutMs: suite.timeoutMs,
    label: suite.name,
  });
  return countsFromReport('playwright', report, code);
}

function printSummary(results) {
  const rows = results.map((r) => [
    r.name,
    r.failed > 0 ? 'FAIL' : 'ok',
    r.passed,
    r.failed,
    r.skipped,
    `${(r.durationMs / 1000).toFixed(1)}s`,
    r.note ?? '',
  ]);
  const head = ['suite', 'result', 'passed', 'failed', 'skipped', 'time', 'note'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) =>
    cells
      .map((c, i) => (i >= 2 && i <= 5 ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  console.log(`\n${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const row of rows) console.log(line(row));
}

async function main() {
  const suites = selectSuites(process.argv.slice(2));
  stopChildrenOnSignals();
  mkdirSync(RESULTS, { recursive: true });
  for (const s of suites) rmSync(join(RESULTS, `${s.name}.json`), { force: true });
  rmSync(join(RESULTS, 'summary.json'), { force: true });

  // Chromium: the e2e suite drives it and the server renders PDFs with it (API tests too).
  if (suites.some((s) => s.name === 'e2e' || s.name === 'api') && !(await ensureChromium())) {
    console.error('[test] Chromium is missing: the e2e suite (and any PDF test) will fail.');
  }
  if (suites.some((s) => s.name === 'api') && !(await ensurePdfTools())) {
    console.error('[test] pdftotext/pdftoppm are missing: the PDF content tests will fail.');
  }

  const results = [];
  const byName = {};
  // Consecutive suites of one `together` group (the static checks, each mostly one core and
  // printing only its findings) run side by side; the others one after another.
  for (let i = 0; i < suites.length;) {
    const group = [suites[i]];
    while (suites[i].together && suites[i + group.length]?.together === suites[i].together) group.push(suites[i + group.length]);
    i += group.length;
    for (const suite of group) console.log(`\n===== ${suite.name}: ${suite.what} =====`);
    console.log('');
    const done = await Promise.all(
      group.map(async (suite) => {
        const started = Date.now();
        const counts = await suite.run(suite, byName);
        return { name: suite.name, ...counts, durationMs: Date.now() - started };
      }),
    );
    for (const result of done) {
      results.push(result);
      byName[result.name] = result;
    }
  }

  const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
  const summary = { passed: total('passed'), failed: total('failed'), skipped: total('skipped'), suites: results };
  writeFileSync(join(RESULTS, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`);
  printSummary(results);
  console.log(`\nreports: ${RESULTS}`);
  const failures = failuresIn(
    RESULTS,
    results.map((r) => r.name),
  );
  if (failures.length > 0) console.log(`failed (and flaky: passed on retry):\n${failures.map((f) => `  ${f}`).join('\n')}`);
  console.log(`${summary.passed} passed, ${summary.failed} failed`);
  process.exitCode = summary.failed > 0 ? 1 : 0;
}

await main();
