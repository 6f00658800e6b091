// `npm run bench`: the built portal server under load, on PGlite and on PostgreSQL 15, against a
// raw node:http ceiling measured in the same run (issue 4, issue 11). Prints a table and the goals,
// writes bench/results/<timestamp>.json and bench/results/latest.md.
//
// Needs apps/server/dist/server.mjs (npm run build -w @portal/server).
//   npm run bench                 the issue's volume: 100,000 contacts, 100,000 policies, 1,000,000 payments
//   npm run bench -- --quick      a local run: 10,000 contacts, 10,000 policies, 100,000 payments, 5 s per run
// Settings (environment; they win over --quick):
//   BENCH_CONTACTS=100000     volume contacts for demo.aap (1-3 activities each)
//   BENCH_POLICIES=100000     volume policies for demo.aap (10 payments each; policy routes only)
//   BENCH_DURATION=10         seconds per autocannon run
//   BENCH_CONNECTIONS=10,100  connection counts
//   BENCH_DBS=pglite,postgres which databases
//   BENCH_DATABASE_URL=...    an existing (scratch) PostgreSQL database instead of starting one
//   BENCH_DATA_DIR=...        keep the PGlite data here between runs (top-up instead of reload)
//   BENCH_ROUTES=search,page  only the routes whose names contain one of these words
//   BENCH_SERVER=...          another build of the server than apps/server/dist/server.mjs
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

// --quick: smaller volume and shorter runs (set before the modules below read the environment).
const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
if (QUICK) {
  process.env.BENCH_CONTACTS ??= '10000';
  process.env.BENCH_POLICIES ??= '10000';
  process.env.BENCH_DURATION ??= '5';
}
const { argon2Baseline } = await import('./lib/argon2.mjs');
const { load } = await import('./lib/load.mjs');
const { postgresUnavailable, startPostgres } = await import('./lib/postgres.mjs');
const { ADVISOR, DEMO_PASSWORD, SERVER_ENTRY, benchSession, forgetSession, seedVolume, serverBuilt, startPortal } =
  await import('./lib/portal.mjs');
const { BENCH_POLICIES, PAYMENTS_PER_POLICY, seedPolicyVolume } = await import('./lib/policy-volume.mjs');
const { freePort, logPath, startChild, waitForHttp, BENCH_DIR } = await import('./lib/proc.mjs');
const { consoleTable, goalsText, judgeGoals, withRatios, writeResults } = await import('./lib/report.mjs');
const { GOALS, ROUTES } = await import('./routes.mjs');

const WARMUP_SECONDS = 2;

function settings() {
  const env = process.env;
  const list = (value, fallback) =>
    (value ?? fallback)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const filters = list(env.BENCH_ROUTES, '');
  return {
    contacts: Number(env.BENCH_CONTACTS ?? 100_000),
    duration: Number(env.BENCH_DURATION ?? 10),
    connections: list(env.BENCH_CONNECTIONS, '10,100').map(Number),
    dbs: list(env.BENCH_DBS, 'pglite,postgres'),
    routes: filters.length === 0 ? ROUTES : ROUTES.filter((r) => filters.some((f) => r.name.includes(f))),
    quick: QUICK,
  };
}

const cleanups = [];
async function cleanup() {
  while (cleanups.length > 0)
    await cleanups
      .pop()()
      .catch((error) => console.error(`[bench] cleanup: ${error.message}`));
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`[bench] ${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

async function benchDatabase(db, s, raw, logDir, runs) {
  console.log(`\n[bench] ${db.kind}: loading ${s.contacts.toLocaleString('en-US')} contacts`);
  const seedStarted = performance.now();
  await seedVolume(db, s.contacts, logDir);
  if (s.routes.some((r) => r.name.startsWith('policy'))) await seedPolicyVolume(db, logDir);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  const portal = await startPortal(db, logDir);
  cleanups.push(portal.stop);
  try {
    // One session for the whole run (renewed from the previous run's refresh token when the database is kept).
    const { token, cookie } = await benchSession(portal.base, db);
    for (const route of s.routes) {
      // As the SPA calls: the XSRF cookie (and header) on every call, the token where the route needs it.
      const xsrfToken = cookie.slice('XSRF-TOKEN='.length);
      const headers = {
        cookie,
        ...(route.method === 'GET' ? {} : { 'x-xsrf-token': xsrfToken, 'content-type': 'application/json' }),
        ...(route.auth ? { authorization: `Bearer ${token}` } : {}),
      };
      const expected = route.expect ?? null;
      // One call per path first: a route that does not answer stops the run with the reason.
      for (const path of route.baseline === 'argon2' ? [] : route.paths) {
        const res = await fetch(`${portal.base}${path}`, { method: route.method, headers, ...(route.body ? { body: route.body } : {}) });
        if (!res.ok) throw new Error(`${route.method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      }
      const target = {
        method: route.method,
        paths: route.paths,
        requests: route.requests,
        body: route.body,
        headers,
        expect: expected ?? undefined,
      };
      await load({ base: portal.base, ...target, connections: 10, duration: WARMUP_SECONDS });
      for (const connections of route.baseline === 'argon2' ? [10] : s.connections) {
        // Baseline first, then the route, so both see the machine as it is now.
        const rawResult =
          route.baseline === 'argon2'
            ? await argon2Baseline({ password: DEMO_PASSWORD, concurrency: connections, duration: s.duration })
            : await load({ base: raw.base, paths: ['/'], connections, duration: s.duration });
        const result = await load({ base: portal.base, ...target, connections, duration: s.duration });
        runs.push({ db: db.kind, route: route.name, connections, baseline: route.baseline ?? 'raw', raw: rawResult, result });
        const base = route.baseline === 'argon2' ? 'argon2 verify' : 'raw';
        const statuses = result.statusCodes ? ` statuses ${JSON.stringify(result.statusCodes)}` : '';
        console.log(
          `[bench] ${db.kind} ${route.name} @${connections}: ${result.rps} req/s p99 ${result.p99} ms (${base} ${rawResult.rps}/s p99 ${rawResult.p99} ms)${statuses}${result.non2xx + result.errors > 0 ? ` ${result.non2xx} unexpected, ${result.errors} errors` : ''}`,
        );
      }
    }
  } finally {
    cleanups.splice(cleanups.indexOf(portal.stop), 1);
    await portal.stop();
  }
  return { seedSeconds };
}

async function main() {
  if (!serverBuilt()) {
    console.error(`[bench] ${SERVER_ENTRY} is missing. Build it first:\n  npm run build -w @portal/server`);
    process.exitCode = 1;
    return;
  }
  const s = settings();
  const startedAt = new Date().toISOString();
  const startLoad = loadavg().map((l) => Number(l.toFixed(2)));
  const logDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  console.log(`[bench] ${s.contacts} contacts, ${s.duration} s per run, connections ${s.connections.join('/')}; logs in ${logDir}`);

  const rawPort = await freePort();
  const rawServer = startChild(process.execPath, [join(BENCH_DIR, 'raw-server.mjs'), String(rawPort)], { log: logPath(logDir, 'raw') });
  cleanups.push(rawServer.stop);
  const raw = { base: `http://127.0.0.1:${rawPort}` };
  await waitForHttp(`${raw.base}/`, { child: rawServer.child });

  const databases = {};
  const runs = [];
  if (s.dbs.includes('pglite')) {
    const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-bench-pglite-'));
    if (!process.env.BENCH_DATA_DIR) {
      cleanups.push(async () => {
        forgetSession({ kind: 'pglite', dataDir });
        rmSync(dataDir, { recursive: true, force: true });
      });
    }
    databases.pglite = await benchDatabase({ kind: 'pglite', dataDir }, s, raw, logDir, runs);
  }
  if (s.dbs.includes('postgres')) {
    let url = process.env.BENCH_DATABASE_URL;
    const why = url ? null : postgresUnavailable();
    if (why) {
      databases.postgres = { skipped: why };
      console.log(`[bench] PostgreSQL skipped: ${why}`);
    } else {
      if (!url) {
        const pg = await startPostgres(logDir);
        cleanups.push(pg.stop);
        url = pg.url;
        cleanups.push(async () => forgetSession({ kind: 'postgres', url: pg.url }));
        console.log('[bench] PostgreSQL 15 started on loopback');
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-pgdata-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      databases.postgres = await benchDatabase({ kind: 'postgres', url, dataDir }, s, raw, logDir, runs);
    }
  }
  await cleanup();
  const loadAverageAtEnd = loadavg().map((l) => Number(l.toFixed(2)));

  const withAll = withRatios(runs);
  const report = {
    startedAt,
    machine: {
      cpus: cpus().length,
      cpuModel: cpus()[0]?.model ?? 'unknown',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.versions.node,
      loadAverage: startLoad,
      loadAverageAtEnd,
    },
    settings: {
      quick: s.quick,
      contacts: s.contacts,
      policies: BENCH_POLICIES,
      payments: BENCH_POLICIES * PAYMENTS_PER_POLICY,
      advisor: ADVISOR,
      duration: s.duration,
      connections: s.connections,
      routes: s.routes.map((r) => ({ name: r.name, note: r.note, paths: r.paths, baseline: r.baseline ?? 'raw' })),
    },
    databases,
    runs: withAll,
    goals: judgeGoals(GOALS, withAll),
  };
  const files = writeResults(report);
  console.log(`\n${consoleTable(withAll)}\n\nGoals:\n${goalsText(report.goals)}\n\n[bench] wrote ${files.json} and ${files.md}`);
  const failed = runs.filter((r) => r.result.non2xx + r.result.errors > 0);
  if (failed.length === 0) rmSync(logDir, { recursive: true, force: true });
  else console.log(`[bench] ${failed.length} run(s) saw errors or non-2xx answers; server logs kept in ${logDir}`);
}

try {
  await main();
} catch (error) {
  console.error(`[bench] failed: ${error.stack ?? error.message}`);
  await cleanup();
  process.exitCode = 1;
}
