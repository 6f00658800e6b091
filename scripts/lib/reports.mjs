// Turns a test runner's JSON report into { passed, failed, skipped, note }. Used by
// scripts/test.mjs and, through the small CLI at the bottom, by .ci/run.
import { readFileSync } from 'node:fs';
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

// CLI for shell scripts:  node scripts/lib/reports.mjs vitest|playwright FILE EXIT_CODE
// prints "PASSED FAILED SKIPPED NOTE..." on one line.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [kind, file, code] = process.argv.slice(2);
  const c = countsFromReport(kind, file, Number(code));
  console.log(`${c.passed} ${c.failed} ${c.skipped} ${c.note ?? ''}`.trimEnd());
}
