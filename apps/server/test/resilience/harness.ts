import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importUsers } from '../../src/commands/users-import';
import { createDb } from '../../src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../../src/db/seed-demo';
import { importDemoPolicies } from '../../src/importers/demo-policies';
import { hashPassword } from '../../src/lib/password-hash';
import { findRepoRoot } from '../../src/lib/repo-root';

export { DEMO_PASSWORD };

/**
 * The resilience trials (`npm run test:resilience`, vitest project `resilience`) run
 * the BUILT server (apps/server/dist/server.mjs) as a child process, kill it, stop its
 * database, flood it, and look at what survived. This file: a throwaway PostgreSQL 15 cluster,
 * the server process, and an HTTP client that signs in like the SPA.
 */
export const ROOT = findRepoRoot();
export const SERVER_ENTRY = join(ROOT, 'apps/server/dist/server.mjs');
export const JWT_SECRET = 'resilience-only-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/** Trial counts: RESILIENCE_SCALE multiplies them (CI keeps 1). */
export const SCALE = Math.max(1, Number(process.env.RESILIENCE_SCALE ?? 1));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const isRoot = process.getuid?.() === 0;

function asPg(cmd: string, args: string[]): { status: number | null; output: string } {
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, cmd), ...args]] : [join(PG_BIN, cmd), args];
  const r = spawnSync(file, argv, { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

export function postgresAvailable(): boolean {
  return existsSync(join(PG_BIN, 'initdb'));
}

/** A PostgreSQL 15 cluster in a temporary folder (durable settings: fsync on). */
export class PgCluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'portal-resilience-pg-'));
  port = 0;

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  async init(): Promise<this> {
    if (isRoot) {
      if (spawnSync('id', ['-u', 'postgres']).status !== 0) throw new Error('no postgres user: run .ci/run once, or create it');
      const pw = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
      const gid = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim();
      chownSync(this.dir, Number(pw), Number(gid));
    }
    this.port = await freePort();
    const init = asPg('initdb', ['-D', join(this.dir, 'data'), '-U', 'postgres', '--auth=trust', '--locale=C.UTF-8', '--encoding=UTF8']);
    if (init.status !== 0) throw new Error(`initdb failed: ${init.output}`);
    this.start();
    return this;
  }

  start(): void {
    const r = asPg('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      `-c listen_addresses=127.0.0.1 -p ${this.port} -k ${this.dir} -c max_connections=200`,
      'start',
    ]);
    if (r.status !== 0) throw new Error(`pg_ctl start failed: ${r.output}`);
  }

  stop(mode: 'fast' | 'immediate' = 'fast'): void {
    asPg('pg_ctl', ['-D', join(this.dir, 'data'), '-m', mode, '-w', '-t', '60', 'stop']);
  }

  dispose(): void {
    this.stop('immediate');
    rmSync(this.dir, { recursive: true, force: true });
  }
}

export type Backend = { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };

/** The built server as a child process. */
export class ServerProcess {
  child: ChildProcess | undefined;
  port = 0;
  log = '';
  private exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | undefined;

  constructor(
    readonly backend: Backend,
    readonly env: Record<string, string> = {},
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts it and waits until /api/health answers 200 (or the process exits). */
  async start(timeoutMs = 180_000): Promise<this> {
    if (!existsSync(SERVER_ENTRY)) throw new Error(`${SERVER_ENTRY} is missing: npm run build -w @portal/server`);
    // The same port across restarts, so clients keep their base URL.
    if (this.port === 0) this.port = await freePort();
    this.log = '';
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      JWT_SECRET,
      PORTAL_DEMO: '1',
      PORTAL_DEV_OUTBOX: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '0',
      NODE_ENV: 'test',
      CHROMIUM_PATH: '/nonexistent',
      ...(this.backend.kind === 'postgres' ? { DATABASE_URL: this.backend.url } : { DATA_DIR: this.backend.dataDir }),
      ...this.env,
    };
    const child = spawn(process.execPath, [SERVER_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stdout?.on('data', (d: Buffer) => {
      this.log += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      this.log += d.toString();
    });
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const deadline = Date.now() + timeoutMs;
    let gone = false;
    void this.exited.then(() => {
      gone = true;
    });
    while (Date.now() < deadline) {
      if (gone) throw new Error(`server exited during start:\n${this.log.slice(-2000)}`);
      try {
        const res = await fetch(`${this.base}/api/health`);
        if (res.status === 200) return this;
      } catch {
        // not listening yet
      }
      await sleep(150);
    }
    throw new Error(`server not up after ${timeoutMs} ms:\n${this.log.slice(-2000)}`);
  }

  kill(signal: NodeJS.Signals): void {
    this.child?.kill(signal);
  }

  async waitExit(timeoutMs = 60_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (!this.exited) return { code: null, signal: null };
    return Promise.race([
      this.exited,
      sleep(timeoutMs).then(() => {
        throw new Error(`server still running after ${timeoutMs} ms`);
      }),
    ]);
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.kill('SIGTERM');
    await this.waitExit(30_000).catch(() => this.kill('SIGKILL'));
  }
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  json<T = unknown>(): T;
}

const XSRF = 'resilienceXsrfToken0123456789abcdefghijklmn'; // 43 base64url characters, as the plugin wants

/** fetch with the SPA's manners: XSRF cookie + header on POST, bearer token, JSON or multipart. */
/** The longest an answered request of the trials may take. */
export const MAX_ANSWER_MS = 5_000;
/** Answered requests slower than MAX_ANSWER_MS (method, path, milliseconds); trials empty it first. */
export const slowAnswers: string[] = [];
/** The slowest answered request since the trial emptied `slowAnswers` (milliseconds). */
export const answerTimes = { slowestMs: 0 };

export class Client {
  constructor(
    public base: string,
    public token = '',
  ) {}

  async request(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
    signal?: AbortSignal,
  ): Promise<HttpAnswer> {
    const h: Record<string, string> = { ...headers };
    if (this.token) h.authorization = `Bearer ${this.token}`;
    if (method === 'POST') {
      h.cookie = `XSRF-TOKEN=${XSRF}`;
      h['x-xsrf-token'] = XSRF;
    }
    let payload: string | Buffer | undefined;
    if (Buffer.isBuffer(body)) payload = body;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      h['content-type'] = 'application/json';
    }
    const started = Date.now();
    const res = await fetch(`${this.base}${path}`, { method, headers: h, body: payload, signal });
    const text = await res.text();
    const took = Date.now() - started;
    answerTimes.slowestMs = Math.max(answerTimes.slowestMs, took);
    if (took > MAX_ANSWER_MS) slowAnswers.push(`${method} ${path.split('?')[0] ?? path}: ${took} ms`);
    return { status: res.status, headers: res.headers, text, json: <T>() => JSON.parse(text) as T };
  }

  get(path: string): Promise<HttpAnswer> {
    return this.request('GET', path);
  }

  post(path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpAnswer> {
    return this.request('POST', path, body, headers);
  }

  /** Password + OTP (from the dev outbox) sign-in; keeps the access token. */
  async signIn(username: string, password = DEMO_PASSWORD): Promise<this> {
    const login = await this.post('/api/auth/v1/login', { username, password });
    if (login.status !== 200) throw new Error(`login ${username}: ${login.status} ${login.text}`);
    const { requestCode } = login.json<{ requestCode: string }>();
    const outbox = await this.get(`/api/dev/outbox?to=${encodeURIComponent(username)}`);
    const otp = outbox.json<{ purpose: string; otp?: string }[]>().find((m) => m.otp && m.purpose === 'login')?.otp;
    if (!otp) throw new Error(`no login OTP for ${username}`);
    const mfa = await this.post('/api/auth/v1/login/mfa', { requestCode, otp });
    if (mfa.status !== 200) throw new Error(`login/mfa ${username}: ${mfa.status} ${mfa.text}`);
    this.token = mfa.json<{ accessToken: string }>().accessToken;
    return this;
  }
}

export const STACK = /\bat .+:\d+:\d+|Error:|node_modules|ECONNREFUSED|postgres/i;

/**
 * What is wrong with an answer under trouble: anything but a 2xx or a 503 with Retry-After and
 * the error envelope, and any internals (a stack, a module path, the database) in its text.
 */
export function answerProblems(res: HttpAnswer): string[] {
  if (res.status >= 200 && res.status < 300) return [];
  const problems: string[] = [];
  if (res.status !== 503) problems.push(`status ${res.status}: ${res.text.slice(0, 120)}`);
  if (res.status === 503) {
    if (!/^\d+$/.test(res.headers.get('retry-after') ?? '')) problems.push('503 without Retry-After');
    let body: unknown;
    try {
      body = JSON.parse(res.text);
    } catch {
      problems.push(`503 body is not JSON: ${res.text.slice(0, 80)}`);
    }
    const envelope = body as { code?: unknown; messageKey?: unknown } | undefined;
    if (envelope?.code !== 503 || envelope.messageKey !== 'unavailable')
      problems.push(`503 body is not the envelope: ${res.text.slice(0, 80)}`);
  }
  if (STACK.test(res.text)) problems.push(`internals in the answer: ${res.text.slice(0, 120)}`);
  return problems;
}

/** A fresh PGlite data directory, removed by `remove()`. */
export function pgliteDir(): { dataDir: string; remove(): void } {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-resilience-pglite-'));
  return { dataDir, remove: () => rmSync(dataDir, { recursive: true, force: true }) };
}

/** `AAAA`-style letters for a number (contact names take letters only). */
export function letters(n: number, width = 6): string {
  let s = '';
  let v = n;
  for (let i = 0; i < width; i++) {
    s = String.fromCharCode(97 + (v % 26)) + s;
    v = Math.floor(v / 26);
  }
  return s;
}

/** The password of the users a trial provisions for itself. */
export const TRIAL_PASSWORD = 'Trial-only-Passw0rd-4729';

/**
 * Advisors of a trial's own (not the demo users), in an agency of their own, on a running server's
 * PostgreSQL database: imported as an operator does (`npm run users -- import`), then given
 * TRIAL_PASSWORD in place of the set-password link.
 */
export async function provisionAdvisors(databaseUrl: string, usernames: readonly string[]): Promise<void> {
  const handle = await createDb({ databaseUrl, dataDir: '' });
  try {
    if (handle.kind !== 'postgres') throw new Error('provisionAdvisors needs PostgreSQL');
    const rows = usernames.map((username, i) => `${username},Trial ${letters(i)},ROLE_AAP,TRIAL,Trial Agency,+85512778${String(100 + i)}`);
    const report = await importUsers(handle.db, ['username,name_en,role,agency_code,agency_name,phone', ...rows].join('\n'), {
      publicOrigin: 'http://127.0.0.1',
    });
    if (!report.ok) throw new Error(`users import: ${JSON.stringify(report.errors)}`);
    await handle.client.query('UPDATE app_user SET password_hash = $1 WHERE username = ANY($2)', [
      await hashPassword(TRIAL_PASSWORD),
      [...usernames],
    ]);
  } finally {
    await handle.close();
  }
}

/**
 * The demo agencies, users and policies on a PostgreSQL database, written once by the trial
 * (servers started with PORTAL_DEMO=1 would each write them as they start).
 */
export async function seedDemoData(databaseUrl: string): Promise<void> {
  const handle = await createDb({ databaseUrl, dataDir: '' });
  try {
    await seedDemo(handle.db);
    await importDemoPolicies(handle.db);
  } finally {
    await handle.close();
  }
}

/** The sum of every sample of a metric in a Prometheus text answer (0 when absent). */
export function metricSum(text: string, name: string): number {
  let sum = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) sum += value;
  }
  return sum;
}

/** A quote the trials' advisors make: a 10-year term plan of 15,000 for a contact of theirs. */
export function quoteBody(lifeInsuredContactId: string): Record<string, unknown> {
  return { productCode: 'TERM', faceAmount: '15,000', policyTerm: 10, premiumTerm: 10, premiumMode: 'annual', lifeInsuredContactId };
}
