import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ENVIRONMENT, APP_VERSION } from '@portal/domain/version';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('reports the version and a reachable database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'ok',
      version: APP_VERSION,
      environment: APP_ENVIRONMENT,
      database: { kind: t.handle.kind, ok: true },
    });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 degraded when the database does not answer', async () => {
    const original = t.db.execute.bind(t.db);
    t.db.execute = (() => Promise.reject(new Error('connection refused'))) as unknown as typeof t.db.execute;
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'degraded', database: { ok: false } });
    } finally {
      t.db.execute = original;
    }
  });

  it('/api/health/ready checks the database like /api/health; /api/health/live does not touch it', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ok', database: { kind: t.handle.kind, ok: true } });

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
      expect(live.json()).toEqual({ status: 'ok', version: APP_VERSION, environment: APP_ENVIRONMENT });
      expect(live.headers['cache-control']).toBe('no-store');
      expect(live.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(calls).toBe(callsAfterReady);
    } finally {
      t.db.execute = original;
    }
  });
});
