import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/test-app';

describe('per-address rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitMax: 3 } });
  });
  afterAll(() => t.close());

  it('answers 429 with the envelope, retryAfter and Retry-After once the limit is spent', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.1.1.1' })).statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.1.1.1' });
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body).toMatchObject({ code: 429, messageKey: 'too_many_requests' });
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(res.headers['retry-after']).toBe(String(body.retryAfter));
    expect(res.headers['content-security-policy']).toBeDefined();
    // Another address is not affected.
    expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.1.1.2' })).statusCode).toBe(200);
  });

  it('counts misses (404) too', async () => {
    let last = 0;
    for (let i = 0; i < 4; i++) last = (await t.app.inject({ method: 'GET', url: '/api/nothing-here', remoteAddress: '10.1.1.3' })).statusCode;
    expect(last).toBe(429);
  });
});
