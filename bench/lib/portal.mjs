// The built portal server under load: volume data (the seed-volume command), start, sign-in.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, logPath, ROOT, run, startChild, waitForHttp } from './proc.mjs';

/** The production build (`npm run build -w @portal/server`); BENCH_SERVER names another build of it. */
export const SERVER_ENTRY = process.env.BENCH_SERVER ?? join(ROOT, 'apps/server/dist/server.mjs');
const TSX = join(ROOT, 'node_modules/.bin/tsx');
const SEED_VOLUME = join(ROOT, 'apps/server/src/commands/seed-volume.ts');
export const ADVISOR = 'demo.aap';
const DEMO_PASSWORD = 'Demo@Portal2026';

export function serverBuilt() {
  return existsSync(SERVER_ENTRY);
}

/** Environment of the seed command and the server for one database. */
function dbEnv(db) {
  const env = { ...process.env, PORTAL_DEMO: '1', PORTAL_DEV_OUTBOX: '1', NODE_ENV: 'production', JWT_SECRET: 'bench-only-secret-0123456789abcdefghijklmnopqrstuvwxyz' };
  delete env.DATABASE_URL;
  if (db.kind === 'postgres') env.DATABASE_URL = db.url;
  env.DATA_DIR = db.dataDir;
  return env;
}

/** Adds volume contacts (and activities) up to `contacts` for the demo advisor; the server must not be running on a PGlite dir. */
export async function seedVolume(db, contacts, logDir) {
  if (!existsSync(TSX)) throw new Error(`${TSX} is missing: run npm install`);
  await run(TSX, [SEED_VOLUME, '--contacts', String(contacts), '--advisor', ADVISOR], { env: dbEnv(db), log: logPath(logDir, `seed-${db.kind}`), echo: true });
}

/** Starts dist/server.mjs on a free loopback port: production mode, rate limit off, demo users, dev outbox. */
export async function startPortal(db, logDir) {
  const port = await freePort();
  const env = { ...dbEnv(db), PORT: String(port), HOST: '127.0.0.1', RATE_LIMIT_MAX: '0', LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info' };
  const server = startChild(process.execPath, [SERVER_ENTRY], { env, log: logPath(logDir, `server-${db.kind}`) });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${base}/api/health`, { child: server.child });
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { base, stop: () => server.stop() };
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
  const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const json = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Signs the advisor in the way the SPA does: password, the OTP from the dev outbox, then MFA.
 * `{ token, cookie }`: the access token and the XSRF cookie a browser would send from then on.
 * (The OTP send limit allows a few sign-ins per user and hour: a fresh database per run is fine.)
 */
export async function signIn(base, username = ADVISOR) {
  const headers = await xsrf(base);
  const { requestCode } = await postJson(base, '/api/auth/v1/login', { username, password: DEMO_PASSWORD }, headers);
  const outbox = await (await fetch(`${base}/api/dev/outbox?to=${encodeURIComponent(username)}`)).json();
  const otp = outbox.find((m) => m.purpose === 'login' && m.otp)?.otp;
  if (!otp) throw new Error(`no login OTP for ${username} in the dev outbox (is PORTAL_DEV_OUTBOX=1?)`);
  const session = await postJson(base, '/api/auth/v1/login/mfa', { requestCode, otp }, headers);
  return { token: session.accessToken, cookie: headers.cookie };
}
