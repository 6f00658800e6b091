// Proposal PDF benchmark (issue 5): the built portal renders a 3-page (or longer) Khmer benefit
// illustration through its warm Chromium pool. Reports, in one run on this machine:
//  - latency of one PDF at a time with a warm renderer (p50/p95/p99; goal p95 <= 150 ms);
//  - PDFs per second under autocannon at 1, 2 and 4 connections (goal >= 10/s on 2 cores);
//  - the raw node:http hello-world baseline at the same connections, and PDFs/s ÷ raw req/s.
// Usage: npm run build, then `npm run bench:pdf -w @portal/bench` (or `node bench/proposal-pdf.mjs`).
// Env: BENCH_PDF_SAMPLES (sequential renders, default 60), BENCH_PDF_DURATION (s per load run, default 10).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './lib/load.mjs';
import { serverBuilt, SERVER_ENTRY, signIn, startPortal } from './lib/portal.mjs';
import { BENCH_DIR, freePort, logPath, startChild, waitForHttp } from './lib/proc.mjs';

const SAMPLES = Number(process.env.BENCH_PDF_SAMPLES ?? 60);
const DURATION = Number(process.env.BENCH_PDF_DURATION ?? 10);
const CONNECTIONS = [1, 2, 4];
const GOALS = { p95Ms: 150, pdfsPerSecond: 10 };

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function call(base, path, { token, cookie }, init = {}) {
  const headers = { authorization: `Bearer ${token}`, cookie, ...(init.body ? { 'content-type': 'application/json', 'x-xsrf-token': cookie.slice('XSRF-TOKEN='.length) } : {}) };
  const res = await fetch(`${base}${path}`, { ...init, headers });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return res;
}

async function main() {
  if (!serverBuilt()) {
    console.error(`[bench:pdf] ${SERVER_ENTRY} is missing. Build it first: npm run build`);
    process.exitCode = 1;
    return;
  }
  const logDir = mkdtempSync(join(tmpdir(), 'portal-bench-pdf-'));
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-pdf-data-'));
  const rawPort = await freePort();
  const raw = startChild(process.execPath, [join(BENCH_DIR, 'raw-server.mjs'), String(rawPort)], { log: logPath(logDir, 'raw') });
  const rawBase = `http://127.0.0.1:${rawPort}`;
  let portal;
  try {
    await waitForHttp(`${rawBase}/`, { child: raw.child });
    portal = await startPortal({ kind: 'pglite', dataDir }, logDir);
    const session = await signIn(portal.base);

    // One proposal: Family Protector for a contact with a Khmer name, three riders, monthly.
    const contact = await (await call(portal.base, '/api/contact/v1/create', session, { method: 'POST', body: JSON.stringify({
      contactType: 'lifeInsured', firstName: 'Sokha', lastName: 'Bench', firstNameKh: 'សុខា', lastNameKh: 'ចាន់', gender: 'M', dateOfBirth: '1988-04-02', phone: '012-345-679',
    }) })).json();
    const proposal = await (await call(portal.base, '/api/proposal/v1/create', session, { method: 'POST', body: JSON.stringify({
      lifeInsuredContactId: contact.id, productCode: 'TERM', faceAmount: '25000', policyTerm: 20, premiumTerm: 20, premiumMode: 'monthly',
      riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000' }, { code: 'CIWOP' }],
    }) })).json();
    const path = `/api/proposal/v1/find/report/${proposal.id}?lang=km`;

    // Warm the renderer (browser launch, pages, fonts), and check what is measured is the real thing.
    let pdf;
    for (let i = 0; i < 5; i += 1) pdf = Buffer.from(await (await call(portal.base, path, session)).arrayBuffer());
    const pdfFile = join(logDir, 'sample.pdf');
    writeFileSync(pdfFile, pdf);
    const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [pdfFile], { encoding: 'utf8' }))?.[1] ?? 0);
    if (pages < 3) throw new Error(`the proposal PDF has ${pages} pages; the benchmark needs at least 3`);

    const times = [];
    for (let i = 0; i < SAMPLES; i += 1) {
      const started = performance.now();
      await (await call(portal.base, path, session)).arrayBuffer();
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const latency = { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99), samples: SAMPLES };

    const headers = { authorization: `Bearer ${session.token}`, cookie: session.cookie };
    const runs = [];
    for (const connections of CONNECTIONS) {
      const baseline = await load({ base: rawBase, paths: ['/'], connections, duration: DURATION, title: 'raw' });
      const route = await load({ base: portal.base, paths: [path], headers, connections, duration: DURATION, title: 'proposal pdf km' });
      runs.push({ connections, pdfsPerSecond: route.requests / DURATION, p50: route.p50, p99: route.p99, non2xx: route.non2xx, errors: route.errors, rawRps: baseline.rps, ratio: route.requests / DURATION / baseline.rps });
    }
    const best = Math.max(...runs.map((r) => r.pdfsPerSecond));
    const report = {
      when: new Date().toISOString(), cores: (await import('node:os')).cpus().length, loadAverage: (await import('node:os')).loadavg().map((n) => Number(n.toFixed(2))),
      pdfBytes: pdf.length, pages, latency, runs,
      goals: { p95: { goal: `<= ${GOALS.p95Ms} ms`, met: latency.p95 <= GOALS.p95Ms }, throughput: { goal: `>= ${GOALS.pdfsPerSecond}/s`, met: best >= GOALS.pdfsPerSecond } },
    };
    console.log(`\n[bench:pdf] Khmer proposal PDF: ${pages} pages, ${Math.round(pdf.length / 1024)} KiB; ${report.cores} cores, load average ${report.loadAverage.join(' ')}`);
    console.log(`[bench:pdf] one at a time (warm renderer), ${SAMPLES} samples: p50 ${latency.p50.toFixed(1)} ms, p95 ${latency.p95.toFixed(1)} ms, p99 ${latency.p99.toFixed(1)} ms — goal p95 <= ${GOALS.p95Ms} ms: ${report.goals.p95.met ? 'met' : 'NOT met'}`);
    console.table(runs.map((r) => ({ conns: r.connections, 'PDFs/s': r.pdfsPerSecond.toFixed(1), 'p50 ms': r.p50, 'p99 ms': r.p99, 'raw req/s': r.rawRps, 'PDF ÷ raw': r.ratio.toFixed(5), non2xx: r.non2xx, errors: r.errors })));
    console.log(`[bench:pdf] best ${best.toFixed(1)} PDFs/s — goal >= ${GOALS.pdfsPerSecond}/s: ${report.goals.throughput.met ? 'met' : 'NOT met'}`);
    writeFileSync(join(BENCH_DIR, 'results', 'proposal-pdf.json'), `${JSON.stringify(report, null, 2)}\n`);
    rmSync(logDir, { recursive: true, force: true });
  } finally {
    await portal?.stop();
    await raw.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error('[bench:pdf] failed:', error);
  process.exitCode = 1;
});
