// `npm run bench:engine` (in bench/): the premium engine, in-process and over HTTP, as
// ratios to a raw node:http hello-world measured in the same run. Goals: calculate over HTTP ÷ raw
// ≥ 0.25 and p99 ≤ 2 ms at 10 connections. Writes bench/results/engine-<timestamp>.json and
// bench/results/engine-latest.md.
//
// Needs the built server (apps/server/dist/server.mjs, or BENCH_SERVER). Settings (environment):
//   BENCH_DURATION=10         seconds per autocannon run (and of the in-process loop)
//   BENCH_CONNECTIONS=10      connection counts, comma-separated
//   BENCH_DBS=pglite          pglite and/or postgres (PostgreSQL 15 from /usr/lib/postgresql/15/bin or BENCH_DATABASE_URL)
//   BENCH_SERVER=...          another build of the server
//   BENCH_ROUNDS=3            calculate runs at each connection count, each beside its own raw run
//
// This VM's noise is larger than the margin on the ratio (four back-to-back single runs of one
// build gave 0.19-0.27), so the calculate figure is the median of BENCH_ROUNDS rounds, each round
// one raw run, one run of the framework's floor (fastify-floor.mjs: bare Fastify answering the
// same POST with an answer of the same size) and one calculate run, back to back.
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
  {
    productCode: 'TERM',
    lifeInsured: { dateOfBirth: bornAt(35), gender: 'F' },
    faceAmount: '25000.00',
    riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000.00' }, { code: 'CIWOP' }],
  },
  {
    productCode: 'MLPX',
    lifeInsured: { dateOfBirth: bornAt(42), gender: 'M' },
    faceAmount: '50000.00',
    riders: [{ code: 'WPDL' }, { code: 'WPDH' }, { code: 'WPDR' }],
  },
  {
    productCode: 'KRUR',
    planKey: 'ATU01-01-02',
    lifeInsured: { dateOfBirth: bornAt(33), gender: 'M' },
    faceAmount: '5000.00',
    riders: [{ code: 'FAUR', faceAmount: '2000.00' }],
  },
  {
    productCode: 'EDU',
    lifeInsured: { dateOfBirth: bornAt(30), gender: 'F' },
    policyOwner: { dateOfBirth: bornAt(34), gender: 'M' },
    faceAmount: '20001.00',
    riders: [{ code: 'CBTR' }, { code: 'PLUR' }, { code: 'PBE' }],
  },
];

const settings = {
  duration: Number(process.env.BENCH_DURATION ?? 10),
  connections: (process.env.BENCH_CONNECTIONS ?? '10').split(',').map(Number).filter(Boolean),
  dbs: (process.env.BENCH_DBS ?? 'pglite')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
  rounds: Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3)),
};

/** The middle value (the upper one of an even count). */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** One row's figures from its rounds: median req/s, p50 and p99 of each side, and the median of the rounds' ratios. */
function medianOf(rounds, side) {
  return {
    rps: median(rounds.map((r) => r[side].rps)),
    p50: median(rounds.map((r) => r[side].p50)),
    p99: median(rounds.map((r) => r[side].p99)),
    requests: rounds.reduce((n, r) => n + r[side].requests, 0),
    non2xx: rounds.reduce((n, r) => n + r[side].non2xx, 0),
    errors: rounds.reduce((n, r) => n + r[side].errors, 0),
  };
}

const cleanups = [];
async function cleanup() {
  while (cleanups.length > 0)
    await cleanups
      .pop()()
      .catch((error) => console.error(`[bench:engine] cleanup: ${error.message}`));
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
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
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
  return {
    rps: Math.round(count / elapsed),
    p99: Number((samples[Math.floor(samples.length * 0.99)] * 1000).toFixed(1)),
    unit: 'µs (mean of 100 calls, p99 of batches)',
  };
}

async function benchPortal(db, raw, floor, logDir, rows) {
  const portal = await startPortal(db, logDir);
  cleanups.push(portal.stop);
  try {
    const { token, cookie } = await signIn(portal.base);
    const xsrf = cookie.slice('XSRF-TOKEN='.length);
    const headers = { authorization: `Bearer ${token}`, cookie, 'x-xsrf-token': xsrf };
    let answerBytes = 0;
    for (const body of REQUESTS) {
      const res = await fetch(`${portal.base}${CALCULATE}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (res.status !== 200) throw new Error(`${CALCULATE} answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
      answerBytes += (await res.arrayBuffer()).byteLength / REQUESTS.length;
    }
    const floorServer = await floor.start(Math.round(answerBytes));
    const catalogue = await fetch(`${portal.base}${CATALOGUE}`, { headers });
    const catalogueBytes = (await catalogue.arrayBuffer()).byteLength;
    const catalogueGzip = await fetch(`${portal.base}${CATALOGUE}`, { headers: { ...headers, 'accept-encoding': 'gzip' } });
    console.log(
      `[bench:engine] ${db.kind}: ${CATALOGUE} is ${catalogueBytes} bytes (${catalogueGzip.headers.get('content-encoding') ?? 'no'} compression)`,
    );

    const calculate = { base: portal.base, method: 'POST', path: CALCULATE, bodies: REQUESTS, headers };
    const bare = { base: floorServer.base, method: 'POST', path: '/floor', bodies: REQUESTS };
    await load({ ...calculate, connections: 10, duration: WARMUP_SECONDS });
    await load({ ...bare, connections: 10, duration: WARMUP_SECONDS });
    for (const connections of settings.connections) {
      const rounds = [];
      for (let round = 1; round <= settings.rounds; round += 1) {
        const rawResult = await load({ base: raw.base, connections, duration: settings.duration });
        const floorResult = await load({ ...bare, connections, duration: settings.duration });
        const result = await load({ ...calculate, connections, duration: settings.duration });
        rounds.push({
          raw: rawResult,
          floor: floorResult,
          result,
          ratio: result.rps / rawResult.rps,
          floorRatio: floorResult.rps / rawResult.rps,
        });
        console.log(
          `[bench:engine] ${db.kind} calculate @${connections}, round ${round}: ${result.rps} req/s p99 ${result.p99} ms; bare Fastify ${floorResult.rps} req/s p99 ${floorResult.p99} ms; raw ${rawResult.rps} req/s p99 ${rawResult.p99} ms${result.non2xx + result.errors ? `; ${result.non2xx} non-2xx, ${result.errors} errors` : ''}`,
        );
      }
      const medianRaw = medianOf(rounds, 'raw');
      const ratio = median(rounds.map((r) => r.ratio));
      rows.push({
        where: 'HTTP reference',
        route: `POST bare Fastify (no plugins; ${Math.round(answerBytes)}-byte answer)`,
        connections,
        raw: medianRaw,
        result: medianOf(rounds, 'floor'),
        ratio: median(rounds.map((r) => r.floorRatio)),
        rounds: rounds.length,
      });
      rows.push({
        where: `HTTP ${db.kind}`,
        route: `POST ${CALCULATE}`,
        connections,
        raw: medianRaw,
        result: medianOf(rounds, 'result'),
        ratio,
        rounds: rounds.length,
        each: rounds.map((r) => ({
          ratio: Number(r.ratio.toFixed(3)),
          p99: r.result.p99,
          rps: r.result.rps,
          rawRps: r.raw.rps,
          floorRps: r.floor.rps,
          floorP99: r.floor.p99,
        })),
      });
    }
    await floorServer.stop();
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

/** A row's ratio to raw: the median of its rounds' ratios, or its one run's. */
function ratioOf(row) {
  return row.ratio ?? row.result.rps / row.raw.rps;
}

function table(rows) {
  const header = [
    'where',
    'route',
    'conns',
    'runs',
    'calcs or req/s',
    'p50 ms',
    'p99 (ms; in-process: µs per call)',
    'raw req/s',
    'raw p99 ms',
    '÷ raw',
    'non-2xx',
  ];
  const lines = rows.map((r) =>
    [
      r.where,
      r.route,
      r.connections ?? '-',
      r.rounds ?? 1,
      r.result.rps,
      r.result.p50 ?? '-',
      r.result.p99,
      r.raw.rps,
      r.raw.p99,
      ratioOf(r).toFixed(3),
      (r.result.non2xx ?? 0) + (r.result.errors ?? 0),
    ].map(String),
  );
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
  console.log(
    `[bench:engine] ${settings.duration} s per run, connections ${settings.connections.join('/')}, ${settings.dbs.join('/')}; logs in ${logDir}`,
  );

  const rawPort = await freePort();
  const rawServer = startChild(process.execPath, [join(BENCH_DIR, 'raw-server.mjs'), String(rawPort)], { log: logPath(logDir, 'raw') });
  cleanups.push(rawServer.stop);
  const raw = { base: `http://127.0.0.1:${rawPort}` };
  await waitForHttp(`${raw.base}/`, { child: rawServer.child });
  /** fastify-floor.mjs with an answer of `bytes`, started beside the portal under test and stopped with it. */
  const floor = {
    async start(bytes) {
      const port = await freePort();
      const server = startChild(process.execPath, [join(BENCH_DIR, 'fastify-floor.mjs'), String(port), String(bytes)], {
        log: logPath(logDir, 'fastify-floor'),
      });
      cleanups.push(server.stop);
      const base = `http://127.0.0.1:${port}`;
      await waitForHttp(`${base}/ready`, { child: server.child });
      return {
        base,
        stop: async () => {
          cleanups.splice(cleanups.indexOf(server.stop), 1);
          await server.stop();
        },
      };
    },
  };

  const rows = [];
  const rawForInProcess = await load({ base: raw.base, connections: 10, duration: settings.duration });
  const engine = await inProcess(settings.duration);
  rows.push({
    where: 'in-process',
    route: 'calculatePremium()',
    connections: null,
    raw: rawForInProcess,
    result: { ...engine, p50: null },
  });
  console.log(`[bench:engine] in-process: ${engine.rps} calculations/s (raw HTTP ${rawForInProcess.rps} req/s)`);

  if (settings.dbs.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-engine-pglite-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    await benchPortal({ kind: 'pglite', dataDir }, raw, floor, logDir, rows);
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
      await benchPortal({ kind: 'postgres', url, dataDir }, raw, floor, logDir, rows);
    }
  }
  await cleanup();

  const goals = settings.dbs.flatMap((kind) => {
    const run = rows.find((r) => r.where === `HTTP ${kind}` && r.route === `POST ${CALCULATE}` && r.connections === 10);
    if (!run) return [];
    const ratio = ratioOf(run);
    return [
      { label: `calculate over HTTP ÷ raw ≥ 0.25 (${kind}, 10 connections)`, measured: Number(ratio.toFixed(3)), met: ratio >= 0.25 },
      { label: `calculate p99 ≤ 2 ms (${kind}, 10 connections)`, measured: run.result.p99, met: run.result.p99 <= 2 },
    ];
  });
  // What the route itself adds: calculate ÷ the cheapest signed-in call (same auth, XSRF, logging; a cached answer).
  const notes = settings.dbs.flatMap((kind) => {
    const calc = rows.find((r) => r.where === `HTTP ${kind}` && r.route === `POST ${CALCULATE}` && r.connections === 10);
    const types = rows.find((r) => r.where === `HTTP ${kind}` && r.route === `GET ${TYPES}`);
    return calc && types
      ? [`  ${kind}: calculate ÷ GET ${TYPES} (the app's signed-in baseline) = ${(calc.result.rps / types.result.rps).toFixed(2)}`]
      : [];
  });
  // The floor under the goals: what bare Fastify reaches for the same POST beside the same raw runs.
  for (const floorRow of rows.filter((r) => r.where === 'HTTP reference')) {
    notes.push(
      `  the framework's floor (${floorRow.connections} connections): bare Fastify, no plugins, ÷ raw = ${ratioOf(floorRow).toFixed(3)}, p99 ${floorRow.result.p99} ms`,
    );
  }
  const roundText = rows
    .filter((r) => r.each)
    .flatMap((r) => [
      `  ${r.where}, ${r.connections} connections:`,
      ...r.each.map(
        (e, i) =>
          `    round ${i + 1}: calculate ${e.rps} req/s, p99 ${e.p99} ms, ÷ raw ${e.ratio}; bare Fastify ${e.floorRps} req/s, p99 ${e.floorP99} ms; raw ${e.rawRps} req/s`,
      ),
    ]);
  const machine = {
    cpus: cpus().length,
    cpuModel: cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.versions.node,
    loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
  };
  const text = table(rows);
  const goalText = goals.map((g) => `  ${g.label}: ${g.measured} -> ${g.met ? 'met' : 'NOT met'}`).join('\n');
  console.log(`\n${text}\n\nGoals:\n${goalText}\n\nThe route's own cost:\n${notes.join('\n')}\n\nRounds:\n${roundText.join('\n')}`);

  const dir = join(BENCH_DIR, 'results');
  mkdirSync(dir, { recursive: true });
  const stamp = startedAt.replace(/[:.]/g, '-');
  writeFileSync(join(dir, `engine-${stamp}.json`), `${JSON.stringify({ startedAt, machine, settings, rows, goals }, null, 2)}\n`);
  writeFileSync(
    join(dir, 'engine-latest.md'),
    [
      `# Engine benchmark: ${startedAt}`,
      '',
      `Machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, load average ${machine.loadAverage.join(' / ')} at the end (a shared machine: the ratios are the figures).`,
      `Settings: ${settings.duration} s per run, ${settings.rounds} rounds of raw, bare Fastify and calculate (medians; ÷ raw is the median of the rounds' ratios); sample requests: ${REQUESTS.map((r) => r.productCode).join(', ')} (with riders and waivers).`,
      '',
      '```',
      text,
      '```',
      '',
      'Goals:',
      goalText,
      '',
      "The route's own cost:",
      ...notes,
      '',
      'Rounds:',
      ...roundText,
      '',
    ].join('\n'),
  );
  console.log(`\n[bench:engine] wrote results/engine-${stamp}.json and results/engine-latest.md`);
}

main().catch(async (error) => {
  console.error(`[bench:engine] ${error.stack ?? error}`);
  await cleanup();
  process.exit(1);
});
