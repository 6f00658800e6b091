import { BENCH_POLICIES, PAYMENTS_PER_POLICY, volumePolicyNumbers } from './lib/policy-volume.mjs';

// The routes the benchmark loads, one line each. `paths` are cycled through by every connection;
// `auth: true` sends the signed-in advisor's bearer token. Add a route by adding a line.
//
//   { name, method, paths: [...], auth, note }

/** Policy search: name fragments (Latin, Khmer), a policy number prefix, phone digits (issue 7). */
const POLICY_SEARCH_TERMS = ['sok', 'cha', 'សុខ', 'V000012', '012 3'];

/** Three-letter search terms: common Cambodian name fragments in Latin script, and one in Khmer. */
const SEARCH_TERMS = ['sok', 'cha', 'dar', 'pha', 'សុខ'];

export const ROUTES = [
  { name: 'health', method: 'GET', paths: ['/api/health'], auth: false, note: 'all production plugins, one SELECT 1' },
  {
    name: 'contact search',
    method: 'GET',
    paths: SEARCH_TERMS.map((q) => `/api/contact/v2/find?q=${encodeURIComponent(q)}&size=50`),
    auth: true,
    note: `v2 find, 50 rows, q cycling ${SEARCH_TERMS.join(', ')}`,
  },
  { name: 'contact page', method: 'GET', paths: ['/api/contact/v1/page?page=0&size=20', '/api/contact/v1/page?page=5&size=20'], auth: true, note: 'v1 page, 20 rows' },
  { name: 'policy search', method: 'GET', paths: POLICY_SEARCH_TERMS.map((q) => `/api/policy/v1/search/customers?q=${encodeURIComponent(q)}&size=20`), auth: true, note: `search/customers over ${BENCH_POLICIES.toLocaleString('en-US')} policies, 20 rows, q cycling ${POLICY_SEARCH_TERMS.join(', ')}` },
  { name: 'policy detail', method: 'GET', paths: volumePolicyNumbers(10).map((n) => `/api/policy/v1/search/details/${n}`), auth: true, note: `search/details/{id}: the whole policy (${PAYMENTS_PER_POLICY} payments among ${(BENCH_POLICIES * PAYMENTS_PER_POLICY).toLocaleString('en-US')}), 10 policies cycling` },
];

/**
 * Goals the run reports as met / not met (issue 4, issue 11). `metric`: `ratio` (route ÷ raw
 * req/s), `p99` (ms), `p99Ratio` (route p99 ÷ raw p99) or `dbRatio` (PGlite ÷ PostgreSQL req/s).
 */
export const GOALS = [
  { route: 'contact search', db: 'postgres', connections: 10, metric: 'ratio', op: '>=', value: 0.12, label: 'search ÷ raw ≥ 0.12 (PostgreSQL, 10 connections)' },
  { route: 'contact search', db: 'postgres', connections: 10, metric: 'p99', op: '<', value: 50, label: 'search p99 < 50 ms (PostgreSQL, 10 connections)' },
  { route: 'contact search', db: 'pglite', connections: 10, metric: 'dbRatio', op: '>=', value: 0.2, label: 'search PGlite ÷ PostgreSQL ≥ 0.2 (10 connections)' },
  { route: 'health', db: 'postgres', connections: 10, metric: 'ratio', op: '>=', value: 0.85, label: 'trivial route ÷ raw ≥ 0.85 (PostgreSQL, 10 connections)' },
  { route: 'contact page', db: 'postgres', connections: 100, metric: 'p99Ratio', op: '<=', value: 5, label: 'CRUD read p99 ÷ raw p99 ≤ 5 (PostgreSQL, 100 connections)' },
  { route: 'policy detail', db: 'postgres', connections: 10, metric: 'ratio', op: '>=', value: 0.15, label: 'policy detail ÷ raw ≥ 0.15 (PostgreSQL, 10 connections; no N+1)' },
  { route: 'policy search', db: 'postgres', connections: 10, metric: 'ratio', op: '>=', value: 0.12, label: 'policy search ÷ raw ≥ 0.12 (PostgreSQL, 10 connections)' },
];
