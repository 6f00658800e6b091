import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { MODULES } from '../src/modules/module-list';
import { licensingRoutes } from '../src/modules/licensing/licensing.routes';
import { bearerFor, createTestApp, xsrfHeaders, type TestApp } from './helpers/test-app';
import { probeRoutes } from './helpers/probe-routes';

/** A page (or the API docs UI): what a document may load. */
const PAGE_DIRECTIVES = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
];

/** An API answer is never a document: it may load nothing at all. */
const API_DIRECTIVES = [
  "default-src 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "script-src-attr 'none'",
];

function expectSecurityHeaders(res: LightMyRequestResponse, directives: readonly string[] = API_DIRECTIVES) {
  const csp = String(res.headers['content-security-policy']);
  for (const directive of directives) expect(csp).toContain(directive);
  expect(csp).not.toContain('unsafe-eval');
  expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-powered-by']).toBeUndefined();
}

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The licensing module (/api/support) left out, so that its paths answer the 501 placeholder (every area is built).
    t = await createTestApp({ modules: [...MODULES.filter((m) => m !== licensingRoutes), probeRoutes] });
  });
  afterAll(() => t.close());

  it('on a 200', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('on a 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/missing' });
    expect(res.statusCode).toBe(404);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('on a 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...xsrfHeaders(), 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('on a 500', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expectSecurityHeaders(res);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('on a 403 (XSRF) and a 501', async () => {
    const forbidden = await t.app.inject({ method: 'POST', url: '/api/auth/v1/login', payload: {} });
    expect(forbidden.statusCode).toBe(403);
    expectSecurityHeaders(forbidden);
    const notImplemented = await t.app.inject({ method: 'GET', url: '/api/support/v1/licenses/download', headers: await bearerFor(t) });
    expect(notImplemented.statusCode).toBe(501);
    expectSecurityHeaders(notImplemented);
    expect(notImplemented.headers['cache-control']).toBe('no-store');
  });

  it('on the API docs and non-API pages', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    expectSecurityHeaders(docs, PAGE_DIRECTIVES);
    expect(docs.headers['cache-control']).toBe('no-store');
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expectSecurityHeaders(page, PAGE_DIRECTIVES);
  });
});
