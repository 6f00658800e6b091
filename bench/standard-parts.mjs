// `npm run bench:standard-parts -w @portal/bench`: what Fastify's standard plugins cost on their
// own, with nothing of the portal: bare Fastify against Fastify with @fastify/helmet,
// @fastify/rate-limit and @fastify/cookie (each alone and together, the versions the portal
// installs), and with a jose HS256 verify of the bearer token on every request. Each server is its
// own process answering the same small JSON body to the same request (a cookie, and a bearer token
// where it is verified), at 10 connections, in two rounds so both see the machine alike; the
// figure is req/s ÷ bare Fastify's. Says what "a trivial route with every production plugin ÷
// bare Fastify" can be at most when those plugins are the standard ones (bench/README.md).
//   BENCH_DURATION=8   seconds per measured run
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { freePort, BENCH_DIR } from './lib/proc.mjs';

const VARIANTS = ['bare', 'helmet', 'ratelimit', 'cookie', 'helmet+ratelimit+cookie', 'jose', 'helmet+ratelimit+cookie+jose'];
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ROUNDS = 2;

async function measure(variant) {
  const port = await freePort();
  const child = spawn(process.execPath, [join(BENCH_DIR, 'lib/standard-parts-server.mjs'), String(port), variant], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise((resolve, reject) => {
      child.stdout.once('data', resolve);
      child.once('exit', (code) => reject(new Error(`${variant}: the server exited (${code})`)));
    });
    const url = `http://127.0.0.1:${port}`;
    const headers = { cookie: 'XSRF-TOKEN=3f9a1c0b7e2d4a6f8b1c; lang=km' };
    if (variant.includes('jose')) headers.authorization = `Bearer ${await (await fetch(`${url}/token`)).text()}`;
    await autocannon({ url: `${url}/floor`, connections: 10, duration: 2, headers });
    const run = await autocannon({ url: `${url}/floor`, connections: 10, duration: DURATION, headers });
    if (run.non2xx + run.errors > 0) throw new Error(`${variant}: ${run.non2xx} non-2xx, ${run.errors} errors`);
    return run.requests.average;
  } finally {
    child.kill('SIGTERM');
  }
}

const rps = Object.fromEntries(VARIANTS.map((v) => [v, []]));
for (let round = 0; round < ROUNDS; round++) for (const variant of VARIANTS) rps[variant].push(await measure(variant));
const mean = (list) => list.reduce((a, b) => a + b, 0) / list.length;
const bare = mean(rps.bare);
console.log(`\n| Fastify with | req/s (10 connections, mean of ${ROUNDS} runs of ${DURATION} s) | ÷ bare Fastify |\n|---|---|---|`);
for (const variant of VARIANTS) {
  const value = mean(rps[variant]);
  console.log(
    `| ${variant === 'bare' ? 'nothing (bare)' : variant.replaceAll('+', ' + ')} | ${Math.round(value).toLocaleString('en-US')} | ${(value / bare).toFixed(3)} |`,
  );
}
