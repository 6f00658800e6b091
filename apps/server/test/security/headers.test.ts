import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import helmet from '@fastify/helmet';
import Fastify from 'fastify';
import { API_SECURITY_HEADERS, FALLBACK_SECURITY_HEADERS, HELMET_OPTIONS, isApiPath } from '../../src/plugins/security-headers';
import { licensingRoutes } from '../../src/modules/licensing/licensing.routes';
import { createRoutedApp, type RouteEntry } from '../helpers/route-table';
import { probeRoutes } from '../helpers/probe-routes';
import { xsrfHeaders } from '../helpers/test-app';

/**
 * Headers: every answer of every registered route, and every kind of error answer,
 * carries a strict CSP, HSTS, nosniff, a Referrer-Policy and (under /api) `Cache-Control:
 * no-store`. Generalises security-headers.test.ts (one route per status) to the route table.
 */
// The licensing module (/api/support) left out: its paths answer the 501 placeholder, whose headers are checked too.
const t = await createRoutedApp({ extraModules: [probeRoutes], withoutModules: [licensingRoutes] });
afterAll(() => t.close());

const seen = new Map<number, number>();
let checked = 0;
afterAll(() => {
  const statuses = [...seen.entries()]
    .sort(([a], [b]) => a - b)
    .map(([s, n]) => `${s}x${n}`)
    .join(' ');
  console.warn(`[headers] ${checked} answers checked on ${t.routes.all.length} routes; statuses ${statuses}`);
});

const REFERRER_POLICIES = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin']);
const UNSAFE_SCRIPT_SOURCES = [
  "'unsafe-inline'",
  "'unsafe-eval'",
  "'unsafe-hashes'",
  "'wasm-unsafe-eval'",
  '*',
  'data:',
  'blob:',
  'http:',
  'https:',
  'filesystem:',
];

function cspDirectives(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** Every way an answer falls short of the header rules, for one request. */
function headerProblems(url: string, res: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const h = res.headers;
  const csp = h['content-security-policy'];
  if (typeof csp !== 'string') {
    problems.push('no Content-Security-Policy');
  } else {
    const d = cspDirectives(csp);
    const scripts = d.get('script-src') ?? d.get('default-src');
    if (!d.get('default-src')) problems.push('CSP without default-src');
    if (!scripts) problems.push('CSP without script-src');
    else {
      const unsafe = scripts.filter((s) => UNSAFE_SCRIPT_SOURCES.includes(s.toLowerCase()));
      if (unsafe.length > 0) problems.push(`script-src allows ${unsafe.join(' ')}`);
    }
    if (d.get('script-src-attr')?.join(' ') !== "'none'") problems.push("script-src-attr is not 'none'");
    if (d.get('object-src')?.join(' ') !== "'none'") problems.push("object-src is not 'none'");
    if (d.get('frame-ancestors')?.join(' ') !== "'none'") problems.push("frame-ancestors is not 'none'");
    if (!d.get('base-uri')) problems.push('CSP without base-uri');
    if (!d.get('form-action')) problems.push('CSP without form-action');
  }
  const hsts = String(h['strict-transport-security'] ?? '');
  const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
  if (maxAge < 31_536_000 || !/includeSubDomains/i.test(hsts)) problems.push(`weak HSTS "${hsts}"`);
  if (h['x-content-type-options'] !== 'nosniff') problems.push('no X-Content-Type-Options: nosniff');
  if (!REFERRER_POLICIES.has(String(h['referrer-policy']))) problems.push(`Referrer-Policy "${String(h['referrer-policy'])}"`);
  if (h['x-frame-options'] !== 'DENY') problems.push('X-Frame-Options is not DENY');
  if (h['x-powered-by'] !== undefined || h.server !== undefined) problems.push('announces the server software');
  if (isApiPath(url) && !/\bno-store\b/.test(String(h['cache-control'] ?? '')))
    problems.push(`Cache-Control "${String(h['cache-control'])}" on /api`);
  return problems;
}

type Call = {
  method: 'GET' | 'POST' | 'HEAD' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  payload?: string | object;
  remoteAddress?: string;
};

async function check(call: Call): Promise<{ res: LightMyRequestResponse; problems: string[] }> {
  const res = await t.app.inject({ ...call, headers: { ...(call.method === 'POST' ? xsrfHeaders() : {}), ...call.headers } });
  checked += 1;
  seen.set(res.statusCode, (seen.get(res.statusCode) ?? 0) + 1);
  const problems = headerProblems(call.url, res);
  return { res, problems: problems.map((p) => `${call.method} ${call.url.slice(0, 80)} -> ${res.statusCode}: ${p}`) };
}

async function callsFor(route: RouteEntry): Promise<Call[]> {
  const url = route.url === '/locales/:file' ? '/locales/common.json' : t.routes.url(route);
  const method = route.method as Call['method'];
  const payload = method === 'POST' ? { payload: {} } : {};
  const caller = await t.routes.allowedCaller(route);
  const calls: Call[] = [{ method, url, ...payload }];
  if (caller && caller.role) calls.push({ method, url, headers: caller.headers, ...payload });
  if (method === 'GET') calls.push({ method: 'HEAD', url, ...(caller ? { headers: caller.headers } : {}) });
  return calls;
}

describe('security headers on every answer', () => {
  it('on every registered route, anonymous and as an allowed caller (GET, HEAD and POST)', async () => {
    const problems: string[] = [];
    for (const route of t.routes.all) {
      for (const call of await callsFor(route)) problems.push(...(await check(call)).problems);
    }
    expect(problems).toEqual([]);
    expect(t.routes.api().length).toBeGreaterThan(90);
  });

  it('on every kind of error answer: 400, 401, 403, 404, 413, 414, 415, 422, 429, 500, 501', async () => {
    const aap = (await t.routes.callerFor('ROLE_AAP')).headers;
    const pending = t.routes.api().find((r) => t.routes.isPending(r) && r.method === 'GET');
    const pendingCaller = pending ? await t.routes.allowedCaller(pending) : undefined;
    const cases: [number, Call][] = [
      [400, { method: 'POST', url: '/api/auth/v1/login', headers: { 'content-type': 'application/json' }, payload: '{"username": "a", ' }],
      [400, { method: 'GET', url: '/api/contact/v1/find/%E0%A4%A', headers: aap }],
      [400, { method: 'GET', url: '/api/%', headers: aap }],
      [401, { method: 'GET', url: '/api/contact/v1/page' }],
      [403, { method: 'POST', url: '/api/contact/v1/create', headers: { ...aap, cookie: '', 'x-xsrf-token': '' }, payload: {} }],
      [403, { method: 'GET', url: '/api/contact/v1/page', headers: (await t.routes.callerFor('ROLE_AS')).headers }],
      [404, { method: 'GET', url: '/api/nope/v1/thing' }],
      [404, { method: 'POST', url: '/api/nope', payload: {} }],
      [404, { method: 'OPTIONS', url: '/api/health' }],
      [404, { method: 'GET', url: '/api/contact/v1/find/00000000-0000-4000-8000-000000000000', headers: aap }],
      [404, { method: 'GET', url: '/assets/missing.js' }],
      [
        413,
        {
          method: 'POST',
          url: '/api/auth/v1/login',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({ username: 'x'.repeat(1_100_000) }),
        },
      ],
      [414, { method: 'GET', url: `/api/contact/v1/find/${'a'.repeat(200)}`, headers: aap }],
      [415, { method: 'POST', url: '/api/auth/v1/login', headers: { 'content-type': 'application/xml' }, payload: '<a/>' }],
      [422, { method: 'POST', url: '/api/auth/v1/login', payload: {} }],
      [422, { method: 'GET', url: '/api/contact/v2/find?size=0', headers: aap }],
      [500, { method: 'GET', url: '/api/test/boom' }],
      [501, { method: 'GET', url: pending ? t.routes.url(pending) : '/', headers: pendingCaller?.headers ?? {} }],
    ];
    const problems: string[] = [];
    for (const [status, call] of cases) {
      const { res, problems: found } = await check(call);
      expect(res.statusCode, `${call.method} ${call.url.slice(0, 60)}`).toBe(status);
      problems.push(...found);
    }
    // 429: the sign-in limit (20 a minute per address), then one more.
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 25; i += 1) {
      const { res, problems: found } = await check({ method: 'POST', url: '/api/auth/v1/login', payload: {}, remoteAddress: '10.99.0.1' });
      problems.push(...found);
      last = res;
    }
    expect(last?.statusCode).toBe(429);
    expect(last?.headers['retry-after']).toMatch(/^\d+$/);
    expect(problems).toEqual([]);
  });

  it('the fixed header list is exactly what helmet makes of our options', async () => {
    const bare = Fastify();
    await bare.register(helmet, HELMET_OPTIONS);
    bare.get('/x', async () => 'x');
    const plain = Fastify();
    plain.get('/x', async () => 'x');
    try {
      const withHelmet = (await bare.inject({ method: 'GET', url: '/x' })).headers;
      const without = (await plain.inject({ method: 'GET', url: '/x' })).headers;
      const added = Object.fromEntries(Object.entries(withHelmet).filter(([name]) => !(name in without) && name !== 'date'));
      expect(added).toEqual(FALLBACK_SECURITY_HEADERS);
      const page = await t.app.inject({ method: 'GET', url: '/locales/common.json' });
      for (const [name, value] of Object.entries(FALLBACK_SECURITY_HEADERS)) expect(page.headers[name], name).toBe(value);
    } finally {
      await bare.close();
      await plain.close();
    }
  });

  it('/api answers carry the API set: everything forbidden to a document, no document-only headers', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(Object.fromEntries(Object.keys(FALLBACK_SECURITY_HEADERS).map((name) => [name, api.headers[name]]))).toEqual(
      Object.fromEntries(Object.keys(FALLBACK_SECURITY_HEADERS).map((name) => [name, API_SECURITY_HEADERS[name]])),
    );
    expect(cspDirectives(String(api.headers['content-security-policy'])).get('default-src')).toEqual(["'none'"]);
    expect(api.headers['x-ratelimit-remaining']).toBeUndefined();
    // The documentation UI under /api is a page: helmet's set, and still not cached.
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    for (const [name, value] of Object.entries(FALLBACK_SECURITY_HEADERS)) expect(docs.headers[name], name).toBe(value);
    expect(docs.headers['cache-control']).toBe('no-store');
  });

  it('answers raised before routing carry exactly the headers the routed answers carry', async () => {
    const pairs = [
      ['/api/health', '/api/%E0%A4%A'],
      ['/locales/common.json', '/%E0%A4%A'],
    ] as const;
    for (const [routedUrl, earlyUrl] of pairs) {
      const routed = await t.app.inject({ method: 'GET', url: routedUrl });
      const early = await t.app.inject({ method: 'GET', url: earlyUrl });
      expect(early.statusCode).toBe(400);
      for (const name of Object.keys(FALLBACK_SECURITY_HEADERS)) {
        expect(early.headers[name], `${earlyUrl} ${name}`).toBe(routed.headers[name]);
      }
      expect(early.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('non-API answers (language files, pages) carry the same headers, with their own caching', async () => {
    const locale = await check({ method: 'GET', url: '/locales/common.json' });
    expect(locale.res.statusCode).toBe(200);
    expect(locale.res.headers['cache-control']).toMatch(/max-age=\d+/);
    const page = await check({ method: 'GET', url: '/home/contacts' });
    expect([200, 503]).toContain(page.res.statusCode);
    expect([...locale.problems, ...page.problems]).toEqual([]);
  });
});
