// `npm run profile -w @portal/bench -- <route name> [seconds]`: one route of routes.mjs (or the
// premium calculation, `calculate`) under 10 connections against the built server started with
// `--cpu-prof`, then the functions that took the server's time (self and inclusive), so a
// request-path cost can be found before the benchmark is re-run. Not a benchmark: no ratios.
//
//   BENCH_DBS=postgres        profile on PostgreSQL (BENCH_DATABASE_URL, or one started here)
//   BENCH_CONTACTS / BENCH_POLICIES   volume (default 10,000 each here)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './lib/load.mjs';
import { benchSession, forgetSession, headersOf, seedVolume, serverBuilt, startPortal } from './lib/portal.mjs';
import { postgresUnavailable, startPostgres } from './lib/postgres.mjs';

process.env.BENCH_POLICIES ??= '10000';
// (imported after the default is set: both read BENCH_POLICIES when loaded)
const { seedPolicyVolume } = await import('./lib/policy-volume.mjs');
const { ROUTES } = await import('./routes.mjs');

const [name = 'trivial', seconds = '10'] = process.argv.slice(2);
const CALCULATE = {
  name: 'calculate',
  method: 'POST',
  paths: ['/api/engine/v1/calculate'],
  auth: true,
  body: JSON.stringify({
    productCode: 'TERM',
    lifeInsured: { dateOfBirth: '1990-01-01', gender: 'F' },
    faceAmount: '25000.00',
    riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000.00' }, { code: 'CIWOP' }],
  }),
};
const route = name === 'calculate' ? CALCULATE : ROUTES.find((r) => r.name === name);
if (!route) throw new Error(`no route "${name}"; one of: calculate, ${ROUTES.map((r) => r.name).join(', ')}`);
if (!serverBuilt()) throw new Error('build the server first: npm run build -w @portal/server');

const work = mkdtempSync(join(tmpdir(), 'portal-profile-'));
const profDir = join(work, 'prof');
const cleanups = [];
// The load's time span on the monotonic clock (µs), which V8's profile timestamps also use: only
// the samples inside it are counted (start-up, migrations and sign-in are left out).
const window = { from: 0, to: Infinity };
try {
  let db = { kind: 'pglite', dataDir: join(work, 'data') };
  if (process.env.BENCH_DBS === 'postgres') {
    let url = process.env.BENCH_DATABASE_URL;
    if (!url) {
      const why = postgresUnavailable();
      if (why) throw new Error(why);
      const pg = await startPostgres(work);
      cleanups.push(pg.stop);
      url = pg.url;
    }
    db = { kind: 'postgres', url, dataDir: join(work, 'data') };
  }
  if (/contact/.test(route.name)) await seedVolume(db, Number(process.env.BENCH_CONTACTS ?? 10_000), work);
  if (/policy/.test(route.name)) await seedPolicyVolume(db, work);
  process.env.BENCH_NODE_ARGS = `--cpu-prof --cpu-prof-dir=${profDir}`;
  const portal = await startPortal(db, work);
  try {
    const headers = headersOf(route, await benchSession(portal.base, db));
    const run = {
      base: portal.base,
      method: route.method,
      paths: route.paths,
      requests: route.requests,
      body: route.body,
      headers,
      connections: 10,
      expect: route.expect,
    };
    // A route of distinct requests (search, policy detail) runs through its warm-up list, then its own list.
    await load({ ...run, duration: 2, ...(route.warmup ? { sequence: route.warmup } : {}) });
    window.from = Number(process.hrtime.bigint() / 1000n);
    const result = await load({ ...run, duration: Number(seconds), ...(route.sequence ? { sequence: route.sequence } : {}) });
    window.to = Number(process.hrtime.bigint() / 1000n);
    console.log(
      `[profile] ${route.name} on ${db.kind}: ${result.rps} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, unexpected ${result.non2xx}`,
    );
  } finally {
    await portal.stop();
    forgetSession(db);
  }
  const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
  summarise(JSON.parse(readFileSync(join(profDir, file), 'utf8')));
} finally {
  for (const stop of cleanups.reverse()) await stop();
  rmSync(work, { recursive: true, force: true });
}

/** Self and inclusive time per function during the load. */
function summarise(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const spent = new Map();
  let total = 0;
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (at < window.from || at > window.to) return;
    spent.set(id, (spent.get(id) ?? 0) + dt);
    total += dt;
  });
  const key = (n) =>
    `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/.*node_modules\//, '').replace(/.*\/apps\//, 'apps/')}:${n.callFrame.lineNumber + 1}`;
  const self = new Map();
  const inclusive = new Map();
  for (const [id, t] of spent) {
    const k = key(byId.get(id));
    self.set(k, (self.get(k) ?? 0) + t);
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const ck = key(byId.get(cur));
      if (seen.has(ck)) continue;
      seen.add(ck);
      inclusive.set(ck, (inclusive.get(ck) ?? 0) + t);
    }
  }
  const top = (m, n) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, t]) => `${((100 * t) / total).toFixed(1).padStart(5)}%  ${k}`)
      .join('\n');
  console.log(`\nSelf time\n${top(self, 40)}\n\nInclusive time\n${top(inclusive, 70)}`);
}
