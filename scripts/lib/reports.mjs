// Turns a test runner's JSON report into { passed, failed, skipped, note }. Used by
// scripts/test.mjs and, through the small CLI at the bottom, by .ci/run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Vitest's JSON report: a file that failed to load has no tests, so it counts as one failure. */
export function vitestCounts(r) {
  const brokenFiles = r.testResults.filter((f) => f.status === 'failed' && !f.assertionResults.some((a) => a.status === 'failed')).length;
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + brokenFiles,
    skipped: r.numPendingTests + r.numTodoTests,
    ...(brokenFiles ? { note: `${brokenFiles} file(s) failed outside a test` } : {}),
  };
}

/** Playwright's JSON report; errors outside any test (web server, config) count as one failure. */
export function playwrightCounts(r) {
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = r.stats ?? {};
  const outside = (r.errors ?? []).length;
  const notes = [outside ? `${outside} error(s) outside tests` : '', flaky ? `${flaky} flaky` : ''].filter(Boolean);
  return {
    passed: expected + flaky,
    failed: unexpected + (unexpected === 0 && outside > 0 ? 1 : 0),
    skipped,
    ...(notes.length ? { note: notes.join('; ') } : {}),
  };
}

/** Names of the failed tests in a vitest report: "file › full name", or "file (failed outside a test)". */
export function vitestFailures(r) {
  const out = [];
  for (const f of r.testResults ?? []) {
    const file = relativeName(f.name);
    const failed = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (failed.length === 0 && f.status === 'failed') out.push(`${file} (failed outside a test)`);
    for (const a of failed) out.push(`${file} › ${a.fullName ?? a.title}`);
  }
  return out;
}

/** Names of the failed tests in a playwright report: "file:line › title" (flaky ones marked). */
export function playwrightFailures(r) {
  const out = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === 'unexpected' || t.status === 'flaky') {
          out.push(
            `${spec.file}:${spec.line} › ${[...path, spec.title].join(' › ')}${t.status === 'flaky' ? ' (flaky: passed on retry)' : ''}`,
          );
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const s of r.suites ?? []) walk(s, []);
  for (const e of r.errors ?? []) out.push(`outside tests: ${String(e.message ?? '').split('\n')[0]}`);
  return out;
}

function relativeName(file = '') {
  const at = file.search(/\/(apps|packages|e2e|scripts)\//);
  return at >= 0 ? file.slice(at + 1) : file;
}

/**
 * Every failed test named in the JSON reports of a results directory (or only the reports named
 * in `only`), each prefixed by its report's name.
 */
export function failuresIn(dir, only) {
  const lines = [];
  const wanted = (n) => n.endsWith('.json') && n !== 'summary.json' && n !== 'budgets.json' && (!only || only.includes(n.slice(0, -5)));
  for (const name of readdirSync(dir).filter(wanted).sort()) {
    try {
      const report = JSON.parse(readFileSync(join(dir, name), 'utf8'));
      const found = Array.isArray(report.testResults) ? vitestFailures(report) : report.stats ? playwrightFailures(report) : [];
      for (const f of found) lines.push(`${name.replace(/\.json$/, '')}: ${f}`);
    } catch {
      // A missing or half-written report is counted as a failure by countsFromReport already.
    }
  }
  return lines;
}

export function exitNote(code) {
  return code === 124 ? 'timed out' : `exit ${code}`;
}

/**
 * Counts from a runner's report file and its exit code. A run that crashed before reporting
 * counts as one failure; so does a non-zero exit with no failed test (no tests found, an
 * unhandled error between tests).
 */
export function countsFromReport(kind, file, code) {
  let counts;
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    counts = kind === 'playwright' ? playwrightCounts(report) : vitestCounts(report);
  } catch (err) {
    return { passed: 0, failed: 1, skipped: 0, note: `no report (${exitNote(code)}): ${err.code ?? err.message}` };
  }
  if (code !== 0 && counts.failed === 0) {
    return { ...counts, failed: 1, note: `${exitNote(code)} with no failed test (no tests found, or an error outside tests)` };
  }
  return counts;
}

// CLI for shell scripts:
//   node scripts/lib/reports.mjs vitest|playwright FILE EXIT_CODE
//     prints "PASSED FAILED SKIPPED NOTE..." on one line;
//   node scripts/lib/reports.mjs failures DIR
//     prints the failed tests of every report in DIR, one a line.
const isCli = import.meta.url === pathToFileURL(process.argv[1] ?? '').href;
if (isCli && process.argv[2] === 'failures') {
  for (const line of failuresIn(process.argv[3])) console.log(line);
} else if (isCli) {
  const [kind, file, code] = process.argv.slice(2);
  const c = countsFromReport(kind, file, Number(code));
  console.log(`${c.passed} ${c.failed} ${c.skipped} ${c.note ?? ''}`.trimEnd());
}
