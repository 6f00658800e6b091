#!/usr/bin/env node
// `npm run test:resilience`: the long trials against the BUILT server (vitest project
// `resilience`, apps/server/test/resilience/*.trial.ts): SIGKILL crash trials on PostgreSQL 15
// and PGlite, PostgreSQL outage under load, SIGTERM drain, the PGlite data-directory lock, load
// (100 connections) and a sign-in flood, three servers behind HAProxy on one PostgreSQL (the
// journeys, a rolling restart under load), and the DAST pass (wapiti + sqlmap). `.ci/run` runs it
// after the PostgreSQL pass. Ends with the plain line `N passed, N failed`; exit 1 on failure.
// Figures of the run: .tmp/test-results/resilience-figures.jsonl (SECURITY.md quotes them).
//
// Tuning (defaults fit the CI budget of about 6 minutes on 2 cores):
//   CRASH_TRIALS=3 (SIGKILLs per workload and backend)  LOAD_SECONDS=60  LOAD_CONNECTIONS=100  DAST_SECONDS=60
//   RESILIENCE_SCALE=N multiplies the crash trials.   -- <vitest args> picks trial files.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildIfStale } from './lib/build.mjs';
import { ROOT, run, stopChildrenOnSignals } from './lib/proc.mjs';
import { countsFromReport } from './lib/reports.mjs';

stopChildrenOnSignals();
const RESULTS = join(ROOT, '.tmp', 'test-results');
const started = Date.now();
mkdirSync(RESULTS, { recursive: true });

const isRoot = process.getuid?.() === 0;
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
const missing = ['wapiti', 'sqlmap', 'qpdf'].filter((c) => !has(c));
// The load balancer of the multi-process trials (cluster, rolling restart).
if (!has('haproxy') && !existsSync('/usr/sbin/haproxy')) missing.push('haproxy');
if (!existsSync('/usr/lib/postgresql/15/bin/initdb')) missing.push('postgresql-15');
if (missing.length > 0) {
  if (isRoot) {
    console.log(`[resilience] installing ${missing.join(', ')} with apt-get`);
    spawnSync('apt-get', ['install', '-y', ...missing], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  } else {
    console.error(`[resilience] missing: sudo apt-get install -y ${missing.join(' ')}`);
  }
}
if (isRoot && spawnSync('id', ['-u', 'postgres'], { stdio: 'ignore' }).status !== 0) {
  spawnSync(
    'sh',
    [
      '-c',
      'getent group postgres >/dev/null || groupadd --system postgres; useradd --system --gid postgres --home-dir /var/lib/postgresql --shell /bin/bash postgres',
    ],
    { stdio: 'inherit' },
  );
}

const build = await buildIfStale('server');
if (build !== 0) {
  console.error(`[resilience] the server build failed (exit ${build})`);
  console.log('0 passed, 1 failed');
  process.exit(1);
}

const report = join(RESULTS, 'resilience.json');
const figures = join(RESULTS, 'resilience-figures.jsonl');
rmSync(report, { force: true });
rmSync(figures, { force: true });
const env = {
  ...process.env,
  RESILIENCE_FIGURES: figures,
  CRASH_TRIALS: process.env.CRASH_TRIALS ?? '3',
  LOAD_SECONDS: process.env.LOAD_SECONDS ?? '60',
  DAST_SECONDS: process.env.DAST_SECONDS ?? '60',
};
const code = await run(
  'npx',
  [
    '--no',
    'vitest',
    'run',
    '--project',
    'resilience',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${report}`,
    ...process.argv.slice(2),
  ],
  {
    env,
    timeoutMs: 20 * 60_000,
    label: 'resilience',
  },
);
const counts = countsFromReport('vitest', report, code);
console.log(`\n[resilience] ${Math.round((Date.now() - started) / 1000)} s; figures in ${figures}${counts.note ? `; ${counts.note}` : ''}`);
console.log(`${counts.passed} passed, ${counts.failed} failed`);
process.exit(counts.failed > 0 ? 1 : 0);
