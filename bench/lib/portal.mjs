// The built portal server under load: volume data (the seed-volume command), start, sign-in.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, logPath, ROOT, run, startChild, waitForHttp } from './proc.mjs';

/** The production build (`npm run build -w @portal/server`); BENCH_SERVER names another build of it. */
export const SERVER_ENTRY = process.env.BENCH_SERVER ?? join(ROOT, 'apps/server/dist/server.mjs');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SEED_VOLUME = join(ROOT, 'apps/server/src/commands/seed-volume.ts');
export const ADVISOR = 'demo.aap';
/** The agency admin of demo.aap's agency (the routes only an admin may call: the agency pipeline). */
export const AGENCY_ADMIN = 'demo.aa';
export const DEMO_PASSWORD = 'Demo@Portal2026';

export function serverBuilt() {
  return existsSync(SERVER_ENTRY);
}

/** Environment of the seed command and the server for one database. */
function dbEnv(db) {
  const env = {
    ...process.env,
    PORTAL_DEMO: '1',
    PORTAL_DEV_OUTBOX: '1',
    NODE_ENV: 'production',
    // A benchmark on this machine: the demo users and accounts are wanted (never on a real deployment).
    PORTAL_DEMO_IN_PRODUCTION: '1',
    JWT_SECRET: 'bench-only-secret-0123456789abcdefghijklmnopqrstuvwxyz',
  };
  delete env.DATABASE_URL;
  if (db.kind === 'postgres') env.DATABASE_URL = db.url;
  env.DATA_DIR = db.dataDir;
  return env;
}

/** Adds volume contacts (and activities) up to `contacts` for the demo advisor; the server must not be running on a PGlite dir. */
export async function seedVolume(db, contacts, logDir) {
  if (!existsSync(TSX)) throw new Error(`${TSX} is missing: run npm install`);
  await run(TSX, [SEED_VOLUME, '--contacts', String(contacts), '--advisor', ADVISOR], {
    env: dbEnv(db),
    log: logPath(logDir, `seed-${db.kind}`),
    echo: true,
  });
}

/**
 * Starts dist/server.mjs on a free loopback port as production runs it (NODE_ENV=production, so
 * only failed or slow requests are logged), with demo users and the dev outbox (for the OTP).
 * The general rate limit stays ON (every production plugin runs) with a ceiling no run reaches;
 * the loopback is a trusted proxy, so the sign-in run can spread over many client addresses.
 * `extra`: node flags and environment for this start (the SQL recording run preloads its recorder).
 */
export async function startPortal(db, logDir, extra = { nodeArgs: [], env: {} }) {
  const port = await freePort();
  const env = {
    ...dbEnv(db),
    ...extra.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    RATE_LIMIT_MAX: '100000000',
    TRUST_PROXY: '127.0.0.1',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
  };
  // BENCH_NODE_ARGS: extra node flags for the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile a run).
  const nodeArgs = [...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean), ...(extra.nodeArgs ?? [])];
  const server = startChild(process.execPath, [...nodeArgs, SERVER_ENTRY], { env, log: logPath(logDir, `server-${db.kind}`) });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/api/health`, { child: server.child });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { base, pid: server.child.pid, stop: () => server.stop() };
}

/** The XSRF cookie/header pair the server hands out on any GET. */
async function xsrf(base) {
  const res = await fetch(`${base}/api/health`);
  const cookie = (res.headers.getSetCookie?.() ?? []).find((c) => c.startsWith('XSRF-TOKEN='));
  const token = cookie?.split(';')[0]?.slice('XSRF-TOKEN='.length);
  if (!token) throw new Error('no XSRF-TOKEN cookie from /api/health');
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
}

async function postJson(base, path, body, headers) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** Where a run keeps its refresh token for the next run on the same database (never in the repo). */
function sessionFile(db, username = ADVISOR) {
  const key = createHash('sha256')
    .update(db.kind === 'postgres' ? db.url : db.dataDir)
    .update(username === ADVISOR ? '' : `|${username}`)
    .digest('hex')
    .slice(0, 16);
  return join(tmpdir(), `portal-bench-session-${key}.json`);
}

/**
 * `{ token, cookie }` for the advisor: the access token and the XSRF cookie a browser would send.
 * Signs in once per database: a later run on the same (kept) database renews the session with
 * the refresh token saved by the previous one, so it sends no OTP (the hourly OTP cap is 5 per
 * user). Only when that fails does it sign in again with password and OTP.
 */
export async function benchSession(base, db, username = ADVISOR) {
  const file = sessionFile(db, username);
  if (existsSync(file)) {
    try {
      const saved = JSON.parse(readFileSync(file, 'utf8'));
      const headers = await xsrf(base);
      const session = await postJson(base, '/api/auth/v1/refresh', { refreshToken: saved.refreshToken }, headers);
      writeFileSync(file, JSON.stringify({ refreshToken: session.refreshToken }), { mode: 0o600 });
      return { token: session.accessToken, cookie: headers.cookie };
    } catch {
      rmSync(file, { force: true });
    }
  }
  const { token, cookie, refreshToken } = await signIn(base, username);
  writeFileSync(file, JSON.stringify({ refreshToken }), { mode: 0o600 });
  return { token, cookie };
}

/** Forgets the saved session of a database that is about to be removed. */
/** The headers the SPA sends: the XSRF cookie (and header on writes), the token where the route needs it. */
export function headersOf(route, session) {
  const xsrfToken = session.cookie.slice('XSRF-TOKEN='.length);
  return {
    cookie: session.cookie,
    ...(route.method === 'GET' ? {} : { 'x-xsrf-token': xsrfToken, 'content-type': 'application/json' }),
    ...(route.auth ? { authorization: `Bearer ${session.token}` } : {}),
  };
}

export function forgetSession(db) {
  for (const username of [ADVISOR, AGENCY_ADMIN]) rmSync(sessionFile(db, username), { force: true });
}

/**
 * Signs the advisor in the way the SPA does: password, the OTP from the dev outbox, then MFA.
 * `{ token, cookie, refreshToken }`.
 */
export async function signIn(base, username = ADVISOR) {
  const headers = await xsrf(base);
  const { requestCode } = await postJson(base, '/api/auth/v1/login', { username, password: DEMO_PASSWORD }, headers);
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(username)}`)).json();
  const otp = outbox.find((m) => m.purpose === 'login' && m.otp)?.otp;
  if (!otp) throw new Error(`no login OTP for ${username} in the dev outbox (is PORTAL_DEV_OUTBOX=1?)`);
  const session = await postJson(base, '/api/auth/v1/login/mfa', { requestCode, otp }, headers);
  return { token: session.accessToken, cookie: headers.cookie, refreshToken: session.refreshToken, user: session.user };
}

/**
 * A pending application of the signed-in advisor, as the wizard opens it: a new contact, a saved
 * 10-year TERM proposal for them, and the application made from it. Answers its id.
 */
export async function newApplication(base, session) {
  const headers = {
    authorization: `Bearer ${session.token}`,
    cookie: session.cookie,
    'x-xsrf-token': session.cookie.slice('XSRF-TOKEN='.length),
  };
  const contact = await postJson(
    base,
    '/api/contact/v1/create',
    {
      contactType: 'lifeInsured',
      firstName: 'Sophea',
      lastName: 'Bench',
      gender: 'F',
      dateOfBirth: '12/04/1991',
      phone: '012-555-776',
    },
    headers,
  );
  const proposal = await postJson(
    base,
    '/api/proposal/v1/create',
    {
      lifeInsuredContactId: contact.id,
      productCode: 'TERM',
      faceAmount: '15,000',
      policyTerm: 10,
      premiumTerm: 10,
      premiumMode: 'annual',
    },
    headers,
  );
  const application = await postJson(base, '/api/appform/v1/create', { proposalId: proposal.id }, headers);
  return application.id;
}
