// `npm run bench:dashboard` (in bench/): GET /api/user/v1/dashboard of the built server under load,
// as a ratio to a raw node:http hello-world measured in the same run (goal >= 0.1). The
// dashboard is one round trip with one query per figure group (contacts and activities this week,
// servicing, compliance), over volume data for the advisor: contacts with activities and policies.
//
// Needs apps/server/dist/server.mjs (npm run build -w @portal/server). Settings (environment):
//   BENCH_CONTACTS=20000       volume contacts for demo.aap (1-3 activities each)
//   BENCH_POLICIES=20000       volume policies for demo.aap (10 payments each)
//   BENCH_DURATION=10          seconds per autocannon run
//   BENCH_CONNECTIONS=10,100   connection counts
//   BENCH_DBS=pglite,postgres  which databases (PostgreSQL 15 started from /usr/lib/postgresql/15/bin)
//   BENCH_DATABASE_URL=...     an existing scratch PostgreSQL database instead of starting one
// Writes bench/results/dashboard-<timestamp>.json; prints the table and the goal.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';

// The policy volume is read by lib/policy-volume.mjs when it is imported: default it first.
process.env.BENCH_POLICIES ??= '20000';
const { load } = await import('./lib/load.mjs');
const { postgresUnavailable, startPostgres } = await import('./lib/postgres.mjs');
const { SERVER_ENTRY, seedVolume, serverBuilt, signIn, startPortal } = await import('./lib/portal.mjs');
const { seedPolicyVolume } = await import('./lib/policy-volume.mjs');
const { BENCH_DIR, freePort, logPath, startChild, waitForHttp } = await import('./lib/proc.mjs');
const { consoleTable, withRatios } = await import('./lib/report.mjs');

const PATH = '/api/user/v1/dashboard';
const GOAL = 0.1;
const WARMUP_SECONDS = 2;

const env = process.env;
const list = (value, fallback) =>
  (value ?? fallback)
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
const s = {
  contacts: Number(env.BENCH_CONTACTS ?? 20_000),
  policies: Number(env.BENCH_POLICIES),
  duration: Number(env.BENCH_DURATION ?? 10),
  connections: list(env.BENCH_CONNECTIONS, '10,100').map(Number),
  dbs: list(env.BENCH_DBS, 'pglite,postgres'),
};

const cleanups = [];
/** Milliseconds of the first, computed dashboard per database. */
const cold = {};
async function cleanup() {
  while (cleanups.length > 0)
    await cleanups
      .pop()()
      .catch((error) => console.error(`[bench] cleanup: ${error.message}`));
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void cleanup().finally(() => process.exit(130)));

async function benchDatabase(db, raw, logDir, runs) {
  console.log(`\n[bench] ${db.kind}: loading ${s.contacts} contacts and ${s.policies} policies for demo.aap`);
  await seedVolume(db, s.contacts, logDir);
  await seedPolicyVolume(db, logDir);
  const portal = await startPortal(db, logDir);
  cleanups.push(portal.stop);
  try {
    const { token, cookie } = await signIn(portal.base);
    const headers = { cookie, authorization: `Bearer ${token}` };
    // The first call computes every group (one query each); later ones within the cache's
    // lifetime are served from it until the advisor writes. Both are reported.
    const coldStarted = performance.now();
    const first = await fetch(`${portal.base}${PATH}`, { headers });
    const body = await first.json();
    const coldMs = Math.round(performance.now() - coldStarted);
    if (!first.ok) throw new Error(`GET ${PATH} answered ${first.status}: ${JSON.stringify(body).slice(0, 200)}`);
    cold[db.kind] = coldMs;
    console.log(`[bench] ${db.kind} first (computed) dashboard: ${coldMs} ms`);
    console.log(
      `[bench] ${db.kind} groups: ${body.groups.map((g) => `${g.id}(${g.figures.map((f) => `${f.id}=${f.value}`).join(' ')})`).join('; ')}`,
    );
    await load({ base: portal.base, paths: [PATH], headers, connections: 10, duration: WARMUP_SECONDS });
    for (const connections of s.connections) {
      // Baseline first, then the route, so both see the machine as it is now.
      const rawResult = await load({ base: raw.base, paths: ['/'], connections, duration: s.duration });
      const result = await load({ base: portal.base, paths: [PATH], headers, connections, duration: s.duration });
      runs.push({ db: db.kind, route: 'dashboard', connections, raw: rawResult, result });
      console.log(
        `[bench] ${db.kind} dashboard @${connections}: ${result.rps} req/s p99 ${result.p99} ms (raw ${rawResult.rps} req/s) ratio ${(result.rps / rawResult.rps).toFixed(3)}${result.non2xx + result.errors > 0 ? ` ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
      );
    }
  } finally {
    cleanups.splice(cleanups.indexOf(portal.stop), 1);
    await portal.stop();
  }
}

async function main() {
  if (!serverBuilt()) {
    console.error(`[bench] ${SERVER_ENTRY} is missing. Build it first:\n  npm run build -w @portal/server`);
    process.exitCode = 1;
    return;
  }
  const startedAt = new Date().toISOString();
  const logDir = mkdtempSync(join(tmpdir(), 'portal-bench-dashboard-'));
  const rawPort = await freePort();
  const rawServer = startChild(process.execPath, [join(BENCH_DIR, 'raw-server.mjs'), String(rawPort)], { log: logPath(logDir, 'raw') });
  cleanups.push(rawServer.stop);
  const raw = { base: `http://127.0.0.1:${rawPort}` };
  await waitForHttp(`${raw.base}/`, { child: rawServer.child });

  const runs = [];
  const skipped = {};
  if (s.dbs.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-dashboard-pglite-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    await benchDatabase({ kind: 'pglite', dataDir }, raw, logDir, runs);
  }
  if (s.dbs.includes('postgres')) {
    let url = env.BENCH_DATABASE_URL;
    const why = url ? null : postgresUnavailable();
    if (why) {
      skipped.postgres = why;
      console.log(`[bench] PostgreSQL skipped: ${why}`);
    } else {
      if (!url) {
        const pg = await startPostgres(logDir);
        cleanups.push(pg.stop);
        url = pg.url;
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-dashboard-pgdata-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      await benchDatabase({ kind: 'postgres', url, dataDir }, raw, logDir, runs);
    }
  }
  await cleanup();

  const withAll = withRatios(runs);
  const goals = withAll.map((r) => ({ db: r.db, connections: r.connections, ratio: r.ratio, goal: GOAL, met: r.ratio >= GOAL }));
  const report = {
    startedAt,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      node: process.versions.node,
      loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    },
    settings: s,
    skipped,
    coldMs: cold,
    runs: withAll,
    goals,
  };
  mkdirSync(join(BENCH_DIR, 'results'), { recursive: true });
  const file = join(BENCH_DIR, 'results', `dashboard-${startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\n${consoleTable(withAll)}\n\nGoal (dashboard ÷ raw node:http >= ${GOAL}):`);
  for (const g of goals) console.log(`  ${g.db} @${g.connections}: ${g.ratio} ${g.met ? 'met' : 'NOT met'}`);
  for (const [db, ms] of Object.entries(cold)) console.log(`  ${db}: first (computed, uncached) dashboard ${ms} ms`);
  console.log(`\n[bench] wrote ${file}`);
  if (runs.every((r) => r.result.non2xx + r.result.errors === 0)) rmSync(logDir, { recursive: true, force: true });
  else console.log(`[bench] some runs saw errors or non-2xx answers; server logs kept in ${logDir}`);
}

try {
  await main();
} catch (error) {
  console.error(`[bench] failed: ${error.stack ?? error.message}`);
  await cleanup();
  process.exitCode = 1;
}
