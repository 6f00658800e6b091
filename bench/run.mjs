// `npm run bench`: the built portal server under realistic load, on PGlite and on PostgreSQL 15,
// each route against the floor of the same work measured in the same run (routes.mjs: the same
// SQL straight through node-postgres, bare Fastify, bare argon2). Prints a table and the goals,
// writes bench/results/<timestamp>.json, bench/results/latest.md and bench/RESULTS.md.
//
// Needs apps/server/dist/server.mjs (npm run build -w @portal/server).
//   npm run bench                 full volume: 100,000 contacts, 100,000 policies, 1,000,000 payments
//   npm run bench -- --quick      a local run: 10,000 contacts, 10,000 policies, 100,000 payments, fewer requests
// Settings (environment; they win over --quick):
//   BENCH_CONTACTS=100000     volume contacts for demo.aap (1-3 activities each)
//   BENCH_POLICIES=100000     volume policies for demo.aap (10 payments each; policy routes only)
//   BENCH_REQUESTS=6000       distinct requests per run of a route that never repeats one
//   BENCH_DURATION=10         seconds per run of the other routes
//   BENCH_CONNECTIONS=10,50   connection counts
//   BENCH_DBS=pglite,postgres which databases
//   BENCH_DATABASE_URL=...    an existing (scratch) PostgreSQL database instead of starting one
//   BENCH_DATA_DIR=...        keep the PGlite data here between runs (top-up instead of reload)
//   BENCH_ROUTES=search,page  only the routes whose names contain one of these words
//   BENCH_SERVER=...          another build of the server than apps/server/dist/server.mjs
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';

// --quick: smaller volume and shorter runs (set before the modules below read the environment).
const QUICK = process.argv.includes('--quick') || process.env.BENCH_QUICK === '1';
if (QUICK) {
  process.env.BENCH_CONTACTS ??= '10000';
  process.env.BENCH_POLICIES ??= '10000';
  process.env.BENCH_DURATION ??= '5';
  process.env.BENCH_REQUESTS ??= '2000';
}
const { argon2Baseline, passwordHash } = await import('./lib/argon2.mjs');
const { load } = await import('./lib/load.mjs');
const { postgresUnavailable, startPostgres } = await import('./lib/postgres.mjs');
const { ADVISOR, DEMO_PASSWORD, SERVER_ENTRY, benchSession, forgetSession, headersOf, seedVolume, serverBuilt, startPortal } =
  await import('./lib/portal.mjs');
const { readUnits, sqlFloor } = await import('./lib/sql-floor.mjs');
const { BENCH_POLICIES, PAYMENTS_PER_POLICY, seedPolicyVolume } = await import('./lib/policy-volume.mjs');
const { freePort, logPath, startChild, waitForHttp, BENCH_DIR } = await import('./lib/proc.mjs');
const { withCpu } = await import('./lib/cpu.mjs');
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
    connections: list(env.BENCH_CONNECTIONS, '10,50').map(Number),
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

/** The session of a route's user (`route.user`, default the advisor), each signed in once per portal. */
function sessionsOf(base, db) {
  const sessions = new Map();
  return (route) => {
    const username = route.user ?? ADVISOR;
    if (!sessions.has(username)) sessions.set(username, benchSession(base, db, username));
    return sessions.get(username);
  };
}

/**
 * The SQL of every request of the routes whose floor is their SQL: a portal started with
 * lib/record-sql.mjs preloaded answers each request of the route's sequence once, one at a time;
 * answers `Map(route name -> Map(unit -> statements))`.
 */
async function recordSql(db, routes, logDir) {
  const sqlRoutes = routes.filter((r) => r.baseline === 'sql');
  if (sqlRoutes.length === 0) return new Map();
  const file = join(logDir, `sql-${db.kind}.jsonl`);
  const portal = await startPortal(db, logDir, {
    nodeArgs: ['--import', join(BENCH_DIR, 'lib/record-sql.mjs')],
    env: { BENCH_RECORD_SQL: file, BENCH_SERVER_ENTRY: SERVER_ENTRY },
  });
  cleanups.push(portal.stop);
  try {
    const sessions = sessionsOf(portal.base, db);
    for (const route of sqlRoutes) {
      console.log(`[bench] ${db.kind}: recording the SQL of ${route.sequence.length} ${route.name} requests`);
      const headers = headersOf(route, await sessions(route));
      for (const [kind, path] of Object.entries(route.explain ?? {})) {
        const res = await fetch(`${portal.base}${path}`, { headers: { ...headers, 'x-bench-unit': `explain|${route.name}|${kind}` } });
        if (!res.ok) throw new Error(`${route.method} ${path} answered ${res.status}`);
        await res.arrayBuffer();
      }
      for (const [i, path] of route.sequence.entries()) {
        const res = await fetch(`${portal.base}${path}`, { headers: { ...headers, 'x-bench-unit': `${route.name}|${i}` } });
        if (!res.ok) throw new Error(`${route.method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
        await res.arrayBuffer();
      }
    }
  } finally {
    cleanups.splice(cleanups.indexOf(portal.stop), 1);
    await portal.stop();
  }
  const byRoute = new Map(sqlRoutes.map((r) => [r.name, new Map()]));
  const explain = [];
  for (const [unit, statements] of readUnits(file)) {
    if (unit.startsWith('explain|')) {
      const [, name, kind] = unit.split('|');
      explain.push({ route: name, kind, path: sqlRoutes.find((r) => r.name === name).explain[kind], statements });
    } else byRoute.get(unit.slice(0, unit.lastIndexOf('|')))?.set(unit, statements);
  }
  byRoute.explain = await explainPlans(db.url, explain);
  for (const [name, units] of byRoute) {
    const route = sqlRoutes.find((r) => r.name === name);
    if (units.size !== route.sequence.length)
      throw new Error(`${name}: recorded the SQL of ${units.size} of ${route.sequence.length} requests`);
  }
  return byRoute;
}

/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the statements the route sent for a few chosen requests (the
 * statements that read the route's tables, not the session checks): what the planner does with
 * a common, a mid-rare and a rare search term.
 */
async function explainPlans(url, requests) {
  if (requests.length === 0) return [];
  const pg = createRequire(SERVER_ENTRY)('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const plans = [];
    for (const { route, kind, path, statements } of requests) {
      for (const statement of statements.filter(
        (st) => /^\s*(select|with)\b/i.test(st.text) && /search_text|policy|since_day/i.test(st.text),
      )) {
        const { rows } = await client.query({ text: `EXPLAIN (ANALYZE, BUFFERS) ${statement.text}`, values: statement.values });
        plans.push({ route, kind, path, sql: statement.text, values: statement.values, plan: rows.map((r) => r['QUERY PLAN']).join('\n') });
      }
    }
    return plans;
  } finally {
    await client.end();
  }
}

/** Headers the wire floor must not copy: Node and Fastify write them for each answer themselves. */
const PER_ANSWER_HEADERS = new Set([
  'date',
  'content-length',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-encoding',
  'set-cookie',
]);

/** A route's answer as it went on the wire: status, every header (cookies included), the body. */
async function wireOf(res) {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name)));
  const cookies = res.headers.getSetCookie();
  return { status: res.status, headers: cookies.length ? { ...headers, 'set-cookie': cookies } : headers, body: await res.text() };
}

async function benchDatabase(db, s, floors, logDir, runs, explains) {
  console.log(`\n[bench] ${db.kind}: loading ${s.contacts.toLocaleString('en-US')} contacts`);
  const seedStarted = performance.now();
  await seedVolume(db, s.contacts, logDir);
  if (s.routes.some((r) => r.name.startsWith('policy'))) await seedPolicyVolume(db, logDir);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
  // The SQL floor runs on PostgreSQL only (PGlite lives inside the server process).
  const recorded = db.kind === 'postgres' ? await recordSql(db, s.routes, logDir) : new Map();
  explains.push(...(recorded.explain ?? []));
  const portal = await startPortal(db, logDir);
  cleanups.push(portal.stop);
  try {
    // One session per user for the whole run (renewed from the previous run's refresh token when the database is kept).
    const sessions = sessionsOf(portal.base, db);
    for (const route of s.routes) {
      const headers = headersOf(route, await sessions(route));
      const expected = route.expect ?? null;
      // One call first: a route that does not answer stops the run with the reason. For the routes
      // whose floor is not their SQL, its answer is also the wire floor's (the ceiling, below).
      let wire = null;
      if (route.baseline !== 'argon2') {
        const path = route.warmup?.[0] ?? route.paths[0];
        const res = await fetch(`${portal.base}${path}`, { method: route.method, headers, ...(route.body ? { body: route.body } : {}) });
        if (!res.ok) throw new Error(`${route.method} ${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
        if (route.baseline === 'fastify') {
          wire = await wireOf(res);
          floors.fastifyBytes = Buffer.byteLength(wire.body);
        }
      } else {
        const res = await fetch(`${portal.base}${route.paths[0]}`, {
          method: route.method,
          headers: { ...headers, 'x-forwarded-for': '10.255.255.254' },
          body: route.body,
        });
        wire = { ...(await wireOf(res)), argon2: { hash: await passwordHash(DEMO_PASSWORD) } };
      }
      const target = { method: route.method, requests: route.requests, body: route.body, headers, expect: expected ?? undefined };
      await load({ base: portal.base, ...target, paths: route.warmup ?? route.paths, connections: 10, duration: WARMUP_SECONDS });
      for (const connections of route.connections ?? s.connections) {
        // The floor first, then the route, so both see the machine as it is now.
        // Each with the CPU it took per request (lib/cpu.mjs): the server's process, PostgreSQL's, and this one's.
        const postgres = db.kind === 'postgres';
        let floor = null;
        if (route.baseline === 'argon2')
          floor = await withCpu(() => argon2Baseline({ password: DEMO_PASSWORD, concurrency: connections, duration: s.duration }), {
            postgres,
          });
        else if (route.baseline === 'fastify') {
          const bare = await floors.fastify();
          floor = await withCpu(() => load({ base: bare.base, paths: ['/floor'], connections, duration: s.duration }), {
            server: bare.pid,
            postgres,
          });
        } else if (route.baseline === 'sql' && recorded.has(route.name))
          floor = await withCpu(
            () => sqlFloor({ url: db.url, units: recorded.get(route.name), connections, poolMax: 10, serverEntry: SERVER_ENTRY }),
            { postgres },
          );
        // The ceiling: bare Fastify taking the route's own requests and sending its answer as it
        // went on the wire (every header), verifying the password too for sign-in.
        let ceiling = null;
        if (wire) {
          const bare = await floors.wire(route.name, wire);
          ceiling = await withCpu(
            () =>
              load({
                base: bare.base,
                method: route.method,
                paths: ['/floor'],
                requests: route.requests,
                headers,
                body: route.body,
                connections,
                duration: s.duration,
                expect: [wire.status],
              }),
            { server: bare.pid, postgres },
          );
        }
        const result = await withCpu(
          () =>
            route.sequence
              ? load({ base: portal.base, ...target, sequence: route.sequence, connections })
              : load({ base: portal.base, ...target, paths: route.paths, connections, duration: s.duration }),
          { server: portal.pid, postgres },
        );
        runs.push({ db: db.kind, route: route.name, connections, baseline: floor ? route.baseline : 'none', floor, ceiling, result });
        const statuses = result.statusCodes ? ` statuses ${JSON.stringify(result.statusCodes)}` : '';
        const against = floor
          ? ` (${route.baseline} floor ${floor.rps}/s p99 ${floor.p99} ms${floor.errors ? `, ${floor.errors} errors: ${floor.firstError}` : ''})`
          : '';
        console.log(
          `[bench] ${db.kind} ${route.name} @${connections}: ${result.rps} req/s p99 ${result.p99} ms${against}${statuses}${result.non2xx + result.errors > 0 ? ` ${result.non2xx} unexpected, ${result.errors} errors` : ''}`,
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

  // Bare Fastify, started when a route first needs it, answering as many bytes as that route does.
  const floors = {
    fastifyBytes: 0,
    started: null,
    async fastify() {
      if (this.started) return this.started;
      const port = await freePort();
      const child = startChild(process.execPath, [join(BENCH_DIR, 'fastify-floor.mjs'), String(port), String(this.fastifyBytes)], {
        log: logPath(logDir, 'fastify-floor'),
      });
      cleanups.push(child.stop);
      this.started = { base: `http://127.0.0.1:${port}`, pid: child.child.pid };
      await waitForHttp(`${this.started.base}/ready`, { child: child.child });
      return this.started;
    },
  };

  // Per route whose floor is bare Fastify or argon2: bare Fastify sending that route's recorded answer.
  const wires = new Map();
  floors.wire = async (name, wire) => {
    if (wires.has(name)) return wires.get(name);
    const port = await freePort();
    const file = join(logDir, `wire-${name.replace(/\W+/g, '-')}.json`);
    writeFileSync(file, JSON.stringify(wire));
    const child = startChild(process.execPath, [join(BENCH_DIR, 'fastify-floor.mjs'), String(port), '0', file], {
      log: logPath(logDir, `wire-floor-${name.replace(/\W+/g, '-')}`),
    });
    cleanups.push(child.stop);
    const started = { base: `http://127.0.0.1:${port}`, pid: child.child.pid };
    wires.set(name, started);
    await waitForHttp(`${started.base}/ready`, { child: child.child });
    return started;
  };

  const databases = {};
  const runs = [];
  const explains = [];
  if (s.dbs.includes('pglite')) {
    const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-bench-pglite-'));
    if (!process.env.BENCH_DATA_DIR) {
      cleanups.push(async () => {
        forgetSession({ kind: 'pglite', dataDir });
        rmSync(dataDir, { recursive: true, force: true });
      });
    }
    databases.pglite = await benchDatabase({ kind: 'pglite', dataDir }, s, floors, logDir, runs, explains);
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
      databases.postgres = await benchDatabase({ kind: 'postgres', url, dataDir }, s, floors, logDir, runs, explains);
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
      requests: Number(process.env.BENCH_REQUESTS ?? 6000),
      connections: s.connections,
      routes: s.routes.map((r) => ({
        name: r.name,
        note: r.note,
        ...(r.sequence ? { requests: r.sequence.length, firstPaths: r.sequence.slice(0, 12) } : { paths: r.paths }),
        baseline: r.baseline,
      })),
    },
    databases,
    runs: withAll,
    goals: judgeGoals(GOALS, withAll),
    explains,
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
