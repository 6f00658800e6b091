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
    for (let i = 0; i < 4; i++)
      last = (await t.app.inject({ method: 'GET', url: '/api/nothing-here', remoteAddress: '10.1.1.3' })).statusCode;
    expect(last).toBe(429);
  });
});

describe('IPv6 clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitMax: 2 } });
  });
  afterAll(() => t.close());

  const health = (remoteAddress: string) => t.app.inject({ method: 'GET', url: '/api/health/live', remoteAddress });

  it('counts the addresses of one /64 together and another /64 apart', async () => {
    expect((await health('2001:db8:1:2:aaaa::1')).statusCode).toBe(200);
    expect((await health('2001:db8:1:2:bbbb:cccc:dddd:eeee')).statusCode).toBe(200);
    expect((await health('2001:db8:1:2::7')).statusCode).toBe(429);
    expect((await health('2001:db8:1:3::1')).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    expect((await health('203.0.113.7')).statusCode).toBe(200);
    expect((await health('::ffff:203.0.113.7')).statusCode).toBe(200);
    expect((await health('203.0.113.7')).statusCode).toBe(429);
  });
});

describe('a route limit on top of the general one', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitMax: 5 } });
    t.app.post('/api/test-limited', { config: { roles: 'public', rateLimit: { max: 2, timeWindow: 60_000 } } }, async () => ({ ok: true }));
  });
  afterAll(() => t.close());

  const call = (url: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url,
      remoteAddress,
      headers: { cookie: 'XSRF-TOKEN=a'.padEnd(54, 'a'), 'x-xsrf-token': 'a'.repeat(43) },
    });

  it('stops the route at its own limit while other routes still answer', async () => {
    expect((await call('/api/test-limited', '10.2.0.1')).statusCode).toBe(200);
    expect((await call('/api/test-limited', '10.2.0.1')).statusCode).toBe(200);
    const limited = await call('/api/test-limited', '10.2.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['x-ratelimit-limit']).toBe('2');
    expect(limited.headers['x-ratelimit-remaining']).toBe('0');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.2.0.1' })).statusCode).toBe(200);
  });

  it("counts the route's requests against the general limit too", async () => {
    expect((await call('/api/test-limited', '10.2.0.2')).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.2.0.2' });
    expect((await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.2.0.2' })).statusCode).toBe(429);
  });
});

describe('behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitMax: 2, trustProxy: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  const health = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1', headers });

  it('counts each forwarded client apart, and the proxy itself for requests it sends without the header', async () => {
    for (let i = 0; i < 2; i++) expect((await health({ 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(200);
    expect((await health({ 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
    expect((await health({ 'x-forwarded-for': '198.51.100.2' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await health({})).statusCode).toBe(200);
    expect((await health({})).statusCode).toBe(429);
  });
});
