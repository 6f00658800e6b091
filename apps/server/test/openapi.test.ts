import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, toRouterPath } from '@portal/domain/api/api-paths';
import { APP_VERSION } from '@portal/domain/version';
import { bearerFor, createTestApp, xsrfHeaders, type TestApp } from './helpers/test-app';
import { specApiPaths } from './helpers/spec-paths';

/**
 * Paths the API has beyond spec §7: health probes, the dev outbox, sending a proposal to the
 * customer (decision 011), the agency's agents for the Agents screen, and the advisor's
 * offline-store key (decision 015).
 */
const EXTRA_PATHS = [
  '/api/health',
  '/api/health/live',
  '/api/health/ready',
  '/api/dev/outbox',
  '/api/proposal/v1/send/{id}',
  '/api/customer/v1/proposal/open',
  '/api/customer/v1/proposal',
  '/api/customer/v1/proposal/report',
  // Remote signature of the declaration (decision 014).
  '/api/appform/v1/remote-sign/{id}',
  '/api/customer/v1/sign/open',
  '/api/customer/v1/sign/code',
  '/api/customer/v1/sign/verify',
  '/api/customer/v1/sign/summary',
  '/api/customer/v1/sign',
  '/api/agent-product/v1/agents',
  '/api/agency/v1/users',
  '/api/agency/v1/pipeline',
  '/api/agency/v1/pipeline/items',
  '/api/agency/v1/users/{id}/history',
  '/api/agency/v1/users/{id}/deactivate',
  '/api/agency/v1/users/{id}/reactivate',
  '/api/agency/v1/users/{id}/unlock',
  '/api/agency/v1/users/{id}/reset-passkeys',
  '/api/agency/v1/users/{id}/send-set-password-link',
  '/api/offline/v1/key',
];

function concrete(path: string): string {
  return toRouterPath(path).replace(/:(\w+)/g, 'sample-$1');
}

describe('OpenAPI document and the spec §7 call list', () => {
  let t: TestApp;
  let doc: { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, unknown>> };
  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('has the title and the app version', () => {
    expect(doc.openapi).toBe('3.0.3');
    expect(doc.info).toMatchObject({ title: 'Advisor Portal API', version: APP_VERSION });
  });

  it('lists exactly the spec §7 paths (plus EXTRA_PATHS)', () => {
    const spec = specApiPaths();
    expect(spec.length).toBeGreaterThan(90);
    expect(new Set(Object.keys(doc.paths))).toEqual(new Set([...spec, ...EXTRA_PATHS]));
  });

  it('agrees with the domain path table, method by method', () => {
    expect(new Set(API_PATHS.map((p) => p.path))).toEqual(new Set(specApiPaths()));
    for (const { method, path } of API_PATHS) {
      expect(doc.paths[path]?.[method.toLowerCase()], `${method} ${path}`).toBeDefined();
    }
  });

  it('serves the Swagger UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('has a route for every spec call', () => {
    const missing = API_PATHS.filter(({ method, path }) => !t.app.hasRoute({ method, url: toRouterPath(path) }));
    expect(missing).toEqual([]);
  });

  it('answers 501 with the envelope on every spec call no module implements yet', async () => {
    const headers = { ...xsrfHeaders(), ...(await bearerFor(t)) };
    const pending = API_PATHS.filter(({ method, path }) => t.app.notImplemented.has(`${method} ${path}`));
    const wrong: string[] = [];
    for (const { method, path } of pending) {
      const res = await t.app.inject({ method, url: concrete(path), headers, ...(method === 'POST' ? { payload: {} } : {}) });
      const body = res.statusCode === 501 ? res.json() : undefined;
      if (body?.code !== 501 || body?.messageKey !== 'not_implemented') wrong.push(`${method} ${path}: ${res.statusCode} ${res.body}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('API docs switched off (production without API_DOCS=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { apiDocs: false } });
  });
  afterAll(() => t.close());

  it('serves neither the document nor the UI, while the API answers', async () => {
    for (const url of ['/api/docs/json', '/api/docs', '/api/docs/static/index.html']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
