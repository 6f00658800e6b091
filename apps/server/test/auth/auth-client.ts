import type { LightMyRequestResponse } from 'fastify';
import { DEMO_PASSWORD } from '../../src/db/seed-demo';
import { xsrfHeaders, type TestApp } from '../helpers/test-app';

let nextAddress = 1;

/** A fresh client address, so per-address limits of one test do not leak into another. */
export function freshIp(): string {
  const n = nextAddress++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface CallOptions {
  token?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * `app.inject` the way the SPA calls: JSON bodies, the XSRF cookie + header on non-GET calls,
 * a bearer token when given, and a client address (for the per-address limits).
 */
export function authClient(t: TestApp, defaults: { ip?: string } = {}) {
  const ip = defaults.ip ?? freshIp();
  const headersFor = (method: string, options: CallOptions): Record<string, string> => ({
    ...(method === 'GET' ? {} : xsrfHeaders()),
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...options.headers,
  });
  return {
    ip,
    post(url: string, body?: unknown, options: CallOptions = {}): Promise<LightMyRequestResponse> {
      return t.app.inject({
        method: 'POST',
        url,
        remoteAddress: options.ip ?? ip,
        headers: headersFor('POST', options),
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    },
    get(url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
      return t.app.inject({ method: 'GET', url, remoteAddress: options.ip ?? ip, headers: headersFor('GET', options) });
    },
  };
}

export type AuthClient = ReturnType<typeof authClient>;

/** The newest OTP the dev outbox holds for a username (PORTAL_DEV_OUTBOX is on in tests). */
export async function latestOtp(t: TestApp, username: string, purpose?: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(username)}` });
  const messages = res.json() as { purpose: string; otp?: string }[];
  const message = messages.find((m) => m.otp && (!purpose || m.purpose === purpose));
  if (!message?.otp) throw new Error(`no OTP in the outbox for ${username}`);
  return message.otp;
}

/** How many SMS the outbox holds for a username. */
export async function outboxCount(t: TestApp, username: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(username)}&limit=100` });
  return (res.json() as unknown[]).length;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
  scopes: string[];
  user: { id: string; username: string; displayName: string; roles: string[]; alias: string | null };
}

/** Password + OTP sign-in; the session. */
export async function signIn(t: TestApp, client: AuthClient, username: string, password = DEMO_PASSWORD): Promise<Session> {
  const login = await client.post('/api/auth/v1/login', { username, password });
  if (login.statusCode !== 200) throw new Error(`login ${username}: ${login.statusCode} ${login.body}`);
  const { requestCode } = login.json() as { requestCode: string };
  const otp = await latestOtp(t, username, 'login');
  const mfa = await client.post('/api/auth/v1/login/mfa', { requestCode, otp });
  if (mfa.statusCode !== 200) throw new Error(`login/mfa ${username}: ${mfa.statusCode} ${mfa.body}`);
  return mfa.json() as Session;
}

/** Moves the auth clock: `at(t, base, seconds)` pins `now` to base + seconds. */
export function setClock(t: TestApp, now: Date): void {
  t.app.services.clock.now = () => new Date(now.getTime());
}

export function resetClock(t: TestApp): void {
  t.app.services.clock.now = () => new Date();
}

export function wrongOtp(otp: string): string {
  return ((Number(otp) + 1) % 1_000_000).toString().padStart(6, '0');
}
