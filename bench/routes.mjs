import { randomPolicyNumbers, searchTerms } from './lib/search-terms.mjs';
import { BENCH_POLICIES, PAYMENTS_PER_POLICY } from './lib/policy-volume.mjs';
import { ADVISOR, AGENCY_ADMIN, DEMO_PASSWORD } from './lib/portal.mjs';

// The routes the benchmark loads, one entry each; add a route by adding an entry.
//
//   { name, method, auth, note, paths | sequence, warmup?, body?, requests?, expect?, baseline }
//
// `paths`: cycled through for `BENCH_DURATION` seconds. `sequence`: every path sent once (the run
// ends with the list), so that no answer is ever asked for twice, as advisors typing a search
// never ask twice; `warmup` paths (not in the sequence) warm the route first.
// `baseline`: what the route is measured against in the same run:
//   'sql'     the same SQL the route sent for each request, straight through node-postgres at the
//             same concurrency and pool size (PostgreSQL only; lib/record-sql.mjs, lib/sql-floor.mjs);
//   'fastify' bare Fastify, no plugin, hook, schema or logger (fastify-floor.mjs);
//   'argon2'  bare argon2id verify at the same concurrency (lib/argon2.mjs).
// `expect`: the statuses that count as answers (default: 2xx only).
// `user`: who the route is called as (default the advisor, demo.aap).

/** How many distinct requests a sequence run sends (BENCH_REQUESTS; --quick sets fewer). */
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 6000);
const WARMUP = 200;

const { terms, latin, khmer, digits } = searchTerms(REQUESTS + WARMUP);
const searchPath = (q) => `/api/contact/v2/find?q=${encodeURIComponent(q)}&size=50`;
const policies = randomPolicyNumbers(REQUESTS + WARMUP, BENCH_POLICIES);
const detailPath = (n) => `/api/policy/v1/search/details/${n}`;

/**
 * The agency admin's pipeline figures (GET /api/agency/v1/pipeline: one query per figure group
 * over the agency's contacts, proposals, applications, candidates and people). Each request asks
 * for a different minimum of days waited, so none is asked twice; fewer than the search runs, as
 * each request reads the whole agency.
 */
const PIPELINE_REQUESTS = Math.min(REQUESTS, 500);
const pipelinePath = (minDays) => `/api/agency/v1/pipeline?minDays=${minDays}`;

/**
 * Sign-in, password step, from 400 client addresses (X-Forwarded-For; the bench server trusts its
 * loopback proxy) so the per-address sign-in limit (20 a minute) never answers first: a sign-in
 * run is a 2 s warm-up and `BENCH_DURATION` s, at most a few thousand calls even on a fast day,
 * fewer than 400 × 20. Not more: autocannon builds every distinct request once per connection
 * when a run starts, about 30 µs each here, and that start counts in the load generator's CPU of
 * the run (5,000 addresses cost it 3.5-4.4 ms per answered sign-in at ~100 a second, 250 cost
 * 0.5), which the argon2 floor never pays. Every call verifies the password (argon2id); the
 * first few send an OTP, the rest are refused by the hourly OTP cap (429) AFTER the password
 * check, so every call pays the full password step.
 */
const SIGN_IN_ADDRESSES = 400;

export const ROUTES = [
  {
    name: 'trivial',
    method: 'GET',
    paths: ['/api/appform/v1/lov/branch/BAANZ'],
    auth: true,
    baseline: 'fastify',
    note: "GET /api/appform/v1/lov/branch/BAANZ (a partner bank's branches, for the wizard's payment step), signed in: every production plugin (request id, security headers, cookies + XSRF, rate limit, compression, authentication), a small answer from memory; bare Fastify answers the same number of bytes",
  },
  {
    name: 'contact search',
    method: 'GET',
    sequence: terms.slice(0, REQUESTS).map(searchPath),
    warmup: terms.slice(REQUESTS).map(searchPath),
    // The plans bench/README.md shows: a term in most names, one in a few hundred, one in a handful.
    explain: { common: searchPath('sok'), 'mid-rare': searchPath('0123'), rare: searchPath('bunth') },
    auth: true,
    baseline: 'sql',
    note: `v2 find, 50 rows; ${Math.min(REQUESTS, terms.length).toLocaleString('en-US')} distinct 3-6 character prefixes, none repeated in a run, taken in turn from Latin names (${latin.toLocaleString('en-US')} known), Khmer names (${khmer.toLocaleString('en-US')}) and phone numbers (${digits.toLocaleString('en-US')})`,
  },
  {
    name: 'policy detail',
    method: 'GET',
    sequence: policies.slice(0, REQUESTS).map(detailPath),
    warmup: policies.slice(REQUESTS).map(detailPath),
    explain: { 'one policy': detailPath(policies[0]) },
    auth: true,
    baseline: 'sql',
    note: `search/details/{id}: the whole policy (${PAYMENTS_PER_POLICY} payments among ${(BENCH_POLICIES * PAYMENTS_PER_POLICY).toLocaleString('en-US')}) of ${Math.min(REQUESTS, BENCH_POLICIES).toLocaleString('en-US')} random policies, none repeated in a run`,
  },
  {
    name: 'agency pipeline',
    method: 'GET',
    sequence: Array.from({ length: PIPELINE_REQUESTS }, (_, i) => pipelinePath(i)),
    warmup: Array.from({ length: 20 }, (_, i) => pipelinePath(1000 + i)),
    explain: { 'every stage': pipelinePath(0) },
    auth: true,
    user: AGENCY_ADMIN,
    baseline: 'sql',
    note: `GET /api/agency/v1/pipeline as the agency admin of demo.aap's agency (the volume contacts are theirs): four figure-group queries; ${PIPELINE_REQUESTS.toLocaleString('en-US')} requests, each a different minDays`,
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
    connections: [10],
    note: `POST /api/auth/v1/login (password step, argon2id) from ${SIGN_IN_ADDRESSES.toLocaleString('en-US')} addresses; 200 or 429 (hourly OTP cap, after the password check)`,
  },
];

const goal = (route, db, connections, metric, op, value, label) => ({ route, db, connections, metric, op, value, label });

/**
 * Goals the run reports as met / not met. `metric`: `ratio` (route ÷ baseline req/s), `p99` (ms),
 * `p99Ratio` (route p99 ÷ baseline p99) or `dbRatio` (PGlite ÷ PostgreSQL req/s).
 */
export const GOALS = [
  goal('contact search', 'postgres', 10, 'ratio', '>=', 0.7, 'contact search ÷ its SQL floor ≥ 0.7 (PostgreSQL, 10 connections)'),
  goal('contact search', 'postgres', 50, 'ratio', '>=', 0.7, 'contact search ÷ its SQL floor ≥ 0.7 (PostgreSQL, 50 connections)'),
  goal('contact search', 'postgres', 10, 'p99', '<=', 100, 'contact search p99 ≤ 100 ms (PostgreSQL, 10 connections)'),
  goal('contact search', 'postgres', 50, 'p99Ratio', '<=', 1.5, 'contact search p99 ≤ 1.5 × its floor p99 (PostgreSQL, 50 connections)'),
  goal('policy detail', 'postgres', 10, 'ratio', '>=', 0.7, 'policy detail ÷ its SQL floor ≥ 0.7 (PostgreSQL, 10 connections)'),
  goal('policy detail', 'postgres', 50, 'ratio', '>=', 0.7, 'policy detail ÷ its SQL floor ≥ 0.7 (PostgreSQL, 50 connections)'),
  goal('policy detail', 'postgres', 10, 'p99', '<=', 100, 'policy detail p99 ≤ 100 ms (PostgreSQL, 10 connections)'),
  goal('policy detail', 'postgres', 50, 'p99Ratio', '<=', 1.5, 'policy detail p99 ≤ 1.5 × its floor p99 (PostgreSQL, 50 connections)'),
  goal('contact search', 'pglite', 10, 'dbRatio', '>=', 0.3, 'contact search on PGlite ÷ on PostgreSQL ≥ 0.3 (10 connections)'),
  goal('policy detail', 'pglite', 10, 'dbRatio', '>=', 0.3, 'policy detail on PGlite ÷ on PostgreSQL ≥ 0.3 (10 connections)'),
  goal(
    'trivial',
    'postgres',
    10,
    'ratio',
    '>=',
    0.8,
    'trivial signed-in route, all production plugins ÷ bare Fastify ≥ 0.8 (10 connections)',
  ),
  goal('agency pipeline', 'postgres', 10, 'ratio', '>=', 0.7, 'agency pipeline ÷ its SQL floor ≥ 0.7 (PostgreSQL, 10 connections)'),
  goal('sign-in', 'postgres', 10, 'ratio', '>=', 0.9, 'sign-in ÷ bare argon2 verify ≥ 0.9 (10 connections / 10 concurrent verifies)'),
];
