// `npm run bench:engine` (in bench/): the premium engine (issue 5), in-process and over HTTP, as
// ratios to a raw node:http hello-world measured in the same run. Goals: calculate over HTTP ÷ raw
// ≥ 0.25 and p99 ≤ 2 ms at 10 connections. Writes bench/results/engine-<timestamp>.json and
// bench/results/engine-latest.md.
//
// Needs the built server (apps/server/dist/server.mjs, or BENCH_SERVER). Settings (environment):
//   BENCH_DURATION=10         seconds per autocannon run (and of the in-process loop)
//   BENCH_CONNECTIONS=10      connection counts, comma-separated
//   BENCH_DBS=pglite          pglite and/or postgres (PostgreSQL 15 from /usr/lib/postgresql/15/bin or BENCH_DATABASE_URL)
//   BENCH_SERVER=...          another build of the server
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { register } from 'tsx/esm/api';
import { postgresUnavailable, startPostgres } from './lib/postgres.mjs';
import { SERVER_ENTRY, serverBuilt, signIn, startPortal } from './lib/portal.mjs';
import { BENCH_DIR, freePort, logPath, startChild, waitForHttp } from './lib/proc.mjs';

const WARMUP_SECONDS = 2;
const CALCULATE = '/api/engine/v1/calculate';
const CATALOGUE = '/api/product/v1/?include=rates';
const TYPES = '/api/product/v1/types';

/** A birth date `age` years before today (one month earlier, so the age is exact). */
function bornAt(age) {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - age, now.getUTCMonth() - 1, 1)).toISOString().slice(0, 10);
}

/** What an advisor quotes: TERM with riders and a waiver, premier with paired riders, pak rinha, education with an owner. */
const REQUESTS = [
  { productCode: 'TERM', lifeInsured: { dateOfBirth: bornAt(35), gender: 'F' }, faceAmount: '25000.00', riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000.00' }, { code: 'CIWOP' }] },
  { productCode: 'MLPX', lifeInsured: { dateOfBirth: bornAt(42), gender: 'M' }, faceAmount: '50000.00', riders: [{ code: 'WPDL' }, { code: 'WPDH' }, { code: 'WPDR' }] },
  { productCode: 'KRUR', planKey: 'ATU01-01-02', lifeInsured: { dateOfBirth: bornAt(33), gender: 'M' }, faceAmount: '5000.00', riders: [{ code: 'FAUR', faceAmount: '2000.00' }] },
  { productCode: 'EDU', lifeInsured: { dateOfBirth: bornAt(30), gender: 'F' }, policyOwner: { dateOfBirth: bornAt(34), gender: 'M' }, faceAmount: '20001.00', riders: [{ code: 'CBTR' }, { code: 'PLUR' }, { code: 'PBE' }] },
];

const settings = {
  duration: Number(process.env.BENCH_DURATION ?? 10),
  connections: (process.env.BENCH_CONNECTIONS ?? '10').split(',').map(Number).filter(Boolean),
  dbs: (process.env.BENCH_DBS ?? 'pglite').split(',').map((s) => s.trim()).filter(Boolean),
};

const cleanups = [];
async function cleanup() {
  while (cleanups.length > 0) await cleanups.pop()().catch((error) => console.error(`[bench:engine] cleanup: ${error.message}`));
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => void cleanup().finally(() => process.exit(130)));
}

/** autocannon on loopback only; `bodies` are cycled through (one request each). */
async function load({ base, method = 'GET', path = '/', bodies, headers = {}, connections, duration }) {
  if (!/^http:\/\/127\.0\.0\.1:\d+$/.test(base)) throw new Error(`refusing to load ${base}: loopback only`);
  const requests = bodies
    ? bodies.map((body) => ({ method, path, body: JSON.stringify(body), headers: { ...headers, 'content-type': 'application/json' } }))
    : [{ method, path, headers }];
  const result = await autocannon({ url: base, connections, duration, requests });
  return {
    rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99,
    requests: result.requests.total, non2xx: result.non2xx, errors: result.errors + result.timeouts,
  };
}

/** The pure engine in this process: calculations per second over the sample requests, and the p99 of one call. */
async function inProcess(seconds) {
  const unregister = register();
  const { calculatePremium } = await import('@portal/domain/engine/calculate-premium');
  const { CURRENT_CATALOGUE } = await import('@portal/domain/catalogue/seed-catalogues');
  const { todayInPhnomPenh } = await import('@portal/domain/format/date');
  await unregister();
  const today = todayInPhnomPenh(new Date());
  for (const request of REQUESTS) {
    const result = calculatePremium(request, CURRENT_CATALOGUE, { today });
    if (!result.ok) throw new Error(`sample request refused: ${JSON.stringify(result.errors)}`);
  }
  for (let i = 0; i < 20_000; i += 1) calculatePremium(REQUESTS[i % REQUESTS.length], CURRENT_CATALOGUE, { today });
  const samples = [];
  let count = 0;
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const t0 = performance.now();
    for (let i = 0; i < 100; i += 1) calculatePremium(REQUESTS[(count + i) % REQUESTS.length], CURRENT_CATALOGUE, { today });
    samples.push((performance.now() - t0) / 100);
    count += 100;
  }
  samples.sort((a, b) => a - b);
  const elapsed = seconds;
  return { rps: Math.round(count / elapsed), p99: Number((samples[Math.floor(samples.length * 0.99)] * 1000).toFixed(1)), unit: 'µs (mean of 100 calls, p99 of batches)' };
}

async function benchPortal(db, raw, logDir, rows) {
  const portal = await startPortal(db, logDir);
  cleanups.push(portal.stop);
  try {
    const { token, cookie } = await signIn(portal.base);
    const xsrf = cookie.slice('XSRF-TOKEN='.length);
    const headers = { authorization: `Bearer ${token}`, cookie, 'x-xsrf-token': xsrf };
    for (const body of REQUESTS) {
      const res = await fetch(`${portal.base}${CALCULATE}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (res.status !== 200) throw new Error(`${CALCULATE} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
    }
    const catalogue = await fetch(`${portal.base}${CATALOGUE}`, { headers });
    const catalogueBytes = (await catalogue.arrayBuffer()).byteLength;
    const catalogueGzip = await fetch(`${portal.base}${CATALOGUE}`, { headers: { ...headers, 'accept-encoding': 'gzip' } });
    console.log(`[bench:engine] ${db.kind}: ${CATALOGUE} is ${catalogueBytes} bytes (${catalogueGzip.headers.get('content-encoding') ?? 'no'} compression)`);

    const calculate = { base: portal.base, method: 'POST', path: CALCULATE, bodies: REQUESTS, headers };
    await load({ ...calculate, connections: 10, duration: WARMUP_SECONDS });
    for (const connections of settings.connections) {
      const rawResult = await load({ base: raw.base, connections, duration: settings.duration });
      const result = await load({ ...calculate, connections, duration: settings.duration });
      rows.push({ where: `HTTP ${db.kind}`, route: `POST ${CALCULATE}`, connections, raw: rawResult, result });
      console.log(`[bench:engine] ${db.kind} calculate @${connections}: ${result.rps} req/s p99 ${result.p99} ms (raw ${rawResult.rps} req/s p99 ${rawResult.p99} ms)${result.non2xx + result.errors ? ` ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`);
    }
    // For comparison: the cheapest signed-in call (the same auth, no engine), and the browser engine's catalogue.
    for (const path of [TYPES, CATALOGUE]) {
      const rawResult = await load({ base: raw.base, connections: 10, duration: settings.duration });
      const result = await load({ base: portal.base, path, headers, connections: 10, duration: settings.duration });
      rows.push({ where: `HTTP ${db.kind}`, route: `GET ${path}`, connections: 10, raw: rawResult, result });
    }
  } finally {
    cleanups.splice(cleanups.indexOf(portal.stop), 1);
    await portal.stop();
  }
}

function table(rows) {
  const header = ['where', 'route', 'conns', 'calcs or req/s', 'p50 ms', 'p99', 'raw req/s', 'raw p99 ms', '÷ raw', 'non-2xx'];
  const lines = rows.map((r) => [r.where, r.route, r.connections ?? '-', r.result.rps, r.result.p50 ?? '-', r.result.p99, r.raw.rps, r.raw.p99, (r.result.rps / r.raw.rps).toFixed(3), (r.result.non2xx ?? 0) + (r.result.errors ?? 0)].map(String));
  const all = [header, ...lines];
  const widths = header.map((_, i) => Math.max(...all.map((l) => l[i].length)));
  return all.map((l) => l.map((c, i) => c.padEnd(widths[i])).join('  ')).join('\n');
}

async function main() {
  if (!serverBuilt()) {
    console.error(`[bench:engine] ${SERVER_ENTRY} is missing. Build it first:\n  npm run build -w @portal/server`);
    process.exitCode = 1;
    return;
  }
  const startedAt = new Date().toISOString();
  const logDir = mkdtempSync(join(tmpdir(), 'portal-bench-engine-'));
  console.log(`[bench:engine] ${settings.duration} s per run, connections ${settings.connections.join('/')}, ${settings.dbs.join('/')}; logs in ${logDir}`);

  const rawPort = await freePort();
  const rawServer = startChild(process.execPath, [join(BENCH_DIR, 'raw-server.mjs'), String(rawPort)], { log: logPath(logDir, 'raw') });
  cleanups.push(rawServer.stop);
  const raw = { base: `http://127.0.0.1:${rawPort}` };
  await waitForHttp(`${raw.base}/`, { child: rawServer.child });

  const rows = [];
  const rawForInProcess = await load({ base: raw.base, connections: 10, duration: settings.duration });
  const engine = await inProcess(settings.duration);
  rows.push({ where: 'in-process', route: 'calculatePremium()', connections: null, raw: rawForInProcess, result: { ...engine, p50: null } });
  console.log(`[bench:engine] in-process: ${engine.rps} calculations/s (raw HTTP ${rawForInProcess.rps} req/s)`);

  if (settings.dbs.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-engine-pglite-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    await benchPortal({ kind: 'pglite', dataDir }, raw, logDir, rows);
  }
  if (settings.dbs.includes('postgres')) {
    let url = process.env.BENCH_DATABASE_URL;
    const why = url ? null : postgresUnavailable();
    if (why) console.log(`[bench:engine] PostgreSQL skipped: ${why}`);
    else {
      if (!url) {
        const pg = await startPostgres(logDir);
        cleanups.push(pg.stop);
        url = pg.url;
      }
      const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-engine-pgdata-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      await benchPortal({ kind: 'postgres', url, dataDir }, raw, logDir, rows);
    }
  }
  await cleanup();

  const goals = settings.dbs.flatMap((kind) => {
    const run = rows.find((r) => r.where === `HTTP ${kind}` && r.route === `POST ${CALCULATE}` && r.connections === 10);
    if (!run) return [];
    const ratio = run.result.rps / run.raw.rps;
    return [
      { label: `calculate over HTTP ÷ raw ≥ 0.25 (${kind}, 10 connections)`, measured: Number(ratio.toFixed(3)), met: ratio >= 0.25 },
      { label: `calculate p99 ≤ 2 ms (${kind}, 10 connections)`, measured: run.result.p99, met: run.result.p99 <= 2 },
    ];
  });
  const machine = { cpus: cpus().length, cpuModel: cpus()[0]?.model ?? 'unknown', memoryGb: Math.round(totalmem() / 2 ** 30), node: process.versions.node, loadAverage: loadavg().map((l) => Number(l.toFixed(2))) };
  const text = table(rows);
  const goalText = goals.map((g) => `  ${g.label}: ${g.measured} -> ${g.met ? 'met' : 'NOT met'}`).join('\n');
  console.log(`\n${text}\n\nGoals:\n${goalText}`);

  const dir = join(BENCH_DIR, 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = startedAt.replace(/[:.]/g, '-');
  writeFileSync(join(dir, `engine-${stamp}.json`), `${JSON.stringify({ startedAt, machine, settings, rows, goals }, null, 2)}\n`);
  writeFileSync(join(dir, 'engine-latest.md'), [
    `# Engine benchmark: ${startedAt}`, '',
    `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, load average ${machine.loadAverage.join(' / ')} at the end (a shared machine: the ratios are the figures).`,
    `Settings: ${settings.duration} s per run; sample requests: ${REQUESTS.map((r) => r.productCode).join(', ')} (with riders and waivers).`, '',
    '```', text, '```', '', 'Goals:', goalText, '',
  ].join('\n'));
  console.log(`\n[bench:engine] wrote results/engine-${stamp}.json and results/engine-latest.md`);
}

main().catch(async (error) => {
  console.error(`[bench:engine] ${error.stack ?? error}`);
  await cleanup();
  process.exit(1);
});
