import { createRequire } from 'node:module';
import { afterAll, describe, expect, it } from 'vitest';
import { contactBody } from '../helpers/security-fixtures';
import { recordFigure } from './figures';
import { Client, letters, PgCluster, postgresAvailable, ServerProcess } from './harness';

/**
 * Load: LOAD_CONNECTIONS (100) concurrent connections for LOAD_SECONDS (60) on the
 * main read routes (contact list and search, policy dashboard and search, health), as a
 * signed-in advisor, against the built server on PostgreSQL 15: no 5xx, p99 recorded. The
 * per-address limit is off for this part (RATE_LIMIT_MAX=0): the test machine is one address,
 * and the point is the server, not the limiter. Then, restarted with the limits on as deployed,
 * the sign-in route flooded from one address at ten times its limit (20 a
 * minute per address): 429s with Retry-After, never a 5xx.
 */
interface AutocannonResult {
  requests: { total: number; average: number };
  latency: { p50: number; p99: number; max: number };
  '1xx': number;
  '2xx': number;
  '3xx': number;
  '4xx': number;
  '5xx': number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats?: Record<string, { count: number }>;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 100);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SIGN_IN_LIMIT = 20;

const cleanups: (() => void | Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

describe('load', () => {
  let server: ServerProcess;
  let client: Client;

  it(
    `${CONNECTIONS} connections for ${SECONDS} s on the main read routes: no 5xx, p99 recorded`,
    async () => {
      expect(postgresAvailable(), 'PostgreSQL 15 binaries').toBe(true);
      const pg = await new PgCluster().init();
      cleanups.push(() => pg.dispose());
      server = await new ServerProcess({ kind: 'postgres', url: pg.url }, { RATE_LIMIT_MAX: '0' }).start();
      cleanups.push(() => server.stop());
      client = await new Client(server.base).signIn('demo.aap');
      for (let i = 0; i < 60; i++) {
        const res = await client.post('/api/contact/v1/create', { ...contactBody(letters(i)), lastName: `Load${letters(i)}` });
        expect(res.status).toBe(201);
      }
      const headers = { authorization: `Bearer ${client.token}` };
      const paths = [
        '/api/contact/v1/page?page=0&size=20',
        '/api/contact/v2/find?q=Load',
        '/api/contact/v2/find?q=012',
        '/api/policy/v1/search/customers?view=summary',
        '/api/policy/v1/search/customers?q=P100',
        '/api/health',
      ];
      const result = await autocannon({
        url: server.base,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
        requests: paths.map((path) => ({ method: 'GET', path })),
      });
      const figures = {
        connections: CONNECTIONS,
        seconds: SECONDS,
        requests: result.requests.total,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        max: result.latency.max,
        s2xx: result['2xx'],
        s4xx: result['4xx'],
        s5xx: result['5xx'],
        errors: result.errors,
        timeouts: result.timeouts,
        statuses: result.statusCodeStats,
      };
      recordFigure('load', figures);
      console.warn(`[load] ${JSON.stringify(figures)}`);
      expect(result['5xx']).toBe(0);
      expect(result.errors).toBe(0);
      expect(result['2xx']).toBe(result.requests.total);
    },
    10 * 60_000,
  );

  it(
    `sign-in flooded at ten times its limit (${SIGN_IN_LIMIT * 10} in a minute from one address): 429s, never a 5xx`,
    async () => {
      // The limits on, as deployed (RATE_LIMIT_MAX=0 also switches the sign-in limit off).
      await server.stop();
      server.env.RATE_LIMIT_MAX = '1000';
      server.env.PORTAL_DEMO = '0';
      await server.start();
      const xsrf = 'resilienceXsrfToken0123456789abcdefghijklmn';
      const result = await autocannon({
        url: `${server.base}/api/auth/v1/login`,
        connections: 20,
        amount: SIGN_IN_LIMIT * 10,
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
        body: JSON.stringify({ username: 'flood.nobody', password: 'Wrong-password-1' }),
      });
      const figures = {
        sent: result.requests.total,
        s4xx: result['4xx'],
        s5xx: result['5xx'],
        s2xx: result['2xx'],
        statuses: result.statusCodeStats,
      };
      recordFigure('sign-in-flood', figures);
      console.warn(`[sign-in flood] ${JSON.stringify(figures)}`);
      expect(result['5xx']).toBe(0);
      expect(result.errors).toBe(0);
      const tooMany = result.statusCodeStats?.['429']?.count ?? 0;
      expect(tooMany).toBeGreaterThanOrEqual(SIGN_IN_LIMIT * 10 - SIGN_IN_LIMIT);
      const retry = await client.post('/api/auth/v1/login', { username: 'flood.nobody', password: 'Wrong-password-1' });
      expect(retry.status).toBe(429);
      expect(Number(retry.headers.get('retry-after'))).toBeGreaterThan(0);
    },
    5 * 60_000,
  );
});
