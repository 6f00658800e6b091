import { BENCH_POLICIES, PAYMENTS_PER_POLICY, volumePolicyNumbers } from './lib/policy-volume.mjs';
import { ADVISOR, DEMO_PASSWORD } from './lib/portal.mjs';

// The routes the benchmark loads, one line each. `paths` are cycled through by every connection;
// `auth: true` sends the signed-in advisor's bearer token. Add a route by adding a line.
//
//   { name, method, paths: [...], auth, note, body?, expect?, baseline? }
//
// `expect`: the statuses that count as answers (default: 2xx only). `baseline: 'argon2'`: the
// route is compared with bare argon2 verify throughput instead of the raw node:http server.

/** Policy search: name fragments (Latin, Khmer), a policy number prefix, phone digits (issue 7). */
const POLICY_SEARCH_TERMS = ['sok', 'cha', 'សុខ', 'V000012', '012 3'];

/** Three-letter search terms: common Cambodian name fragments in Latin script, and one in Khmer. */
const SEARCH_TERMS = ['sok', 'cha', 'dar', 'pha', 'សុខ'];

/**
 * Sign-in, password step, from 5,000 client addresses (X-Forwarded-For; the bench server trusts
 * its loopback proxy) so the per-address sign-in limit (20 a minute) never answers first. Every
 * call verifies the password (argon2id); the first few send an OTP, the rest are refused by the
 * hourly OTP cap (429) AFTER the password check, so every call pays the full password step.
 */
const SIGN_IN_ADDRESSES = 5000;

export const ROUTES = [
  {
    name: 'trivial',
    method: 'GET',
    paths: ['/api/health/live'],
    auth: false,
    note: 'GET /api/health/live: every production plugin (request id, security headers, cookies + XSRF, rate limit, auth hook), no database',
  },
  { name: 'health', method: 'GET', paths: ['/api/health'], auth: false, note: 'GET /api/health: the spec health call, one SELECT 1' },
  {
    name: 'contact search',
    method: 'GET',
    paths: SEARCH_TERMS.map((q) => `/api/contact/v2/find?q=${encodeURIComponent(q)}&size=50`),
    auth: true,
    note: `v2 find, 50 rows, q cycling ${SEARCH_TERMS.join(', ')}`,
  },
  {
    name: 'contact page',
    method: 'GET',
    paths: ['/api/contact/v1/page?page=0&size=20', '/api/contact/v1/page?page=5&size=20'],
    auth: true,
    note: 'v1 page, 20 rows',
  },
  {
    name: 'policy search',
    method: 'GET',
    paths: POLICY_SEARCH_TERMS.map((q) => `/api/policy/v1/search/customers?q=${encodeURIComponent(q)}&size=20`),
    auth: true,
    note: `search/customers over ${BENCH_POLICIES.toLocaleString('en-US')} policies, 20 rows, q cycling ${POLICY_SEARCH_TERMS.join(', ')}`,
  },
  {
    name: 'policy detail',
    method: 'GET',
    paths: volumePolicyNumbers(10).map((n) => `/api/policy/v1/search/details/${n}`),
    auth: true,
    note: `search/details/{id}: the whole policy (${PAYMENTS_PER_POLICY} payments among ${(BENCH_POLICIES * PAYMENTS_PER_POLICY).toLocaleString('en-US')}), 10 policies cycling`,
  },
  {
    name: 'sign-in',
    method: 'POST',
    paths: ['/api/auth/v1/login'],
    requests: Array.from({ length: SIGN_IN_ADDRESSES }, (_, i) => ({
      headers: { 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` },
    })),
    body: JSON.stringify({ username: ADVISOR, password: DEMO_PASSWORD }),
    auth: false,
    expect: [200, 429],
    baseline: 'argon2',
    note: `POST /api/auth/v1/login (password step, argon2id) from ${SIGN_IN_ADDRESSES.toLocaleString('en-US')} addresses; 200 or 429 (hourly OTP cap, after the password check); compared with bare argon2 verify`,
  },
];

/**
 * Goals the run reports as met / not met (issue 4, issue 7, issue 11). `metric`: `ratio` (route ÷
 * baseline req/s), `p99` (ms), `p99Ratio` (route p99 ÷ raw p99) or `dbRatio` (PGlite ÷
 * PostgreSQL req/s).
 */
export const GOALS = [
  {
    route: 'trivial',
    db: 'postgres',
    connections: 10,
    metric: 'ratio',
    op: '>=',
    value: 0.85,
    label: 'trivial route, all production plugins ÷ raw ≥ 0.85 (PostgreSQL, 10 connections)',
  },
  {
    route: 'contact search',
    db: 'postgres',
    connections: 10,
    metric: 'ratio',
    op: '>=',
    value: 0.12,
    label: 'contact search (50 rows) ÷ raw ≥ 0.12 (PostgreSQL, 10 connections)',
  },
  {
    route: 'contact search',
    db: 'postgres',
    connections: 10,
    metric: 'p99',
    op: '<',
    value: 50,
    label: 'contact search p99 < 50 ms (PostgreSQL, 10 connections)',
  },
  {
    route: 'policy detail',
    db: 'postgres',
    connections: 10,
    metric: 'ratio',
    op: '>=',
    value: 0.15,
    label: 'policy detail ÷ raw ≥ 0.15 (PostgreSQL, 10 connections; no N+1)',
  },
  {
    route: 'policy search',
    db: 'postgres',
    connections: 10,
    metric: 'ratio',
    op: '>=',
    value: 0.12,
    label: 'policy search ÷ raw ≥ 0.12 (PostgreSQL, 10 connections)',
  },
  {
    route: 'contact search',
    db: 'pglite',
    connections: 10,
    metric: 'dbRatio',
    op: '>=',
    value: 0.2,
    label: 'contact search PGlite ÷ PostgreSQL ≥ 0.2 (10 connections)',
  },
  {
    route: 'policy detail',
    db: 'pglite',
    connections: 10,
    metric: 'dbRatio',
    op: '>=',
    value: 0.2,
    label: 'policy detail PGlite ÷ PostgreSQL ≥ 0.2 (10 connections)',
  },
  {
    route: 'sign-in',
    db: 'postgres',
    connections: 10,
    metric: 'ratio',
    op: '>=',
    value: 0.9,
    label: 'sign-in ÷ bare argon2 verify ≥ 0.9 (PostgreSQL, 10 connections / 10 concurrent verifies)',
  },
  {
    route: 'contact page',
    db: 'postgres',
    connections: 100,
    metric: 'p99Ratio',
    op: '<=',
    value: 5,
    label: 'CRUD read (contact page) p99 ÷ raw p99 ≤ 5 (PostgreSQL, 100 connections)',
  },
  {
    route: 'contact search',
    db: 'postgres',
    connections: 100,
    metric: 'p99Ratio',
    op: '<=',
    value: 5,
    label: 'contact search p99 ÷ raw p99 ≤ 5 (PostgreSQL, 100 connections)',
  },
  {
    route: 'policy detail',
    db: 'postgres',
    connections: 100,
    metric: 'p99Ratio',
    op: '<=',
    value: 5,
    label: 'policy detail p99 ÷ raw p99 ≤ 5 (PostgreSQL, 100 connections)',
  },
];
