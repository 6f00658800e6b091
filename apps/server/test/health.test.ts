import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_VERSION } from '@portal/domain/version';
import { createTestApp, type TestApp } from './helpers/test-app';

/** Words that would tell an anonymous caller how the portal is deployed (SECURITY.md). */
const DEPLOYMENT_WORDS = /pglite|postgres|kind|environment|production|development|staging/i;

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the version and a reachable database, and nothing more', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ status: 'ok', version: APP_VERSION, database: { ok: true, latencyMs: expect.any(Number) } });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('tells an anonymous caller neither the database kind nor the environment, on any probe', async () => {
    for (const url of ['/api/health', '/api/health/ready', '/api/health/live']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toMatch(DEPLOYMENT_WORDS);
      expect(res.body, url).not.toContain(t.handle.kind);
    }
  });

  it('answers 503 degraded when the database does not answer, still without the deployment', async () => {
    const original = t.db.execute.bind(t.db);
    t.db.execute = (() => Promise.reject(new Error('connection refused'))) as unknown as typeof t.db.execute;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'degraded', version: APP_VERSION, database: { ok: false, latencyMs: expect.any(Number) } });
      expect(res.body).not.toMatch(DEPLOYMENT_WORDS);
    } finally {
      t.db.execute = original;
    }
  });

  it('/api/health/ready checks the database like /api/health; /api/health/live does not touch it', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok', version: APP_VERSION, database: { ok: true, latencyMs: expect.any(Number) } });

    const original = t.db.execute.bind(t.db);
    let calls = 0;
    t.db.execute = (() => {
      calls += 1;
      return Promise.reject(new Error('connection refused'));
    }) as unknown as typeof t.db.execute;
    try {
      expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
      const callsAfterReady = calls;
      expect(callsAfterReady).toBeGreaterThan(0);
      const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(live.statusCode).toBe(200);
      expect(live.headers['content-type']).toMatch(/^application\/json/);
      expect(live.json()).toEqual({ status: 'ok', version: APP_VERSION });
      expect(live.headers['cache-control']).toBe('no-store');
      expect(live.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(calls).toBe(callsAfterReady);
    } finally {
      t.db.execute = original;
    }
  });
});
