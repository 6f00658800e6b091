import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientKey, WindowCounter } from '../src/plugins/rate-limit';
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

describe('WindowCounter', () => {
  it('allows max requests per window, then says the whole seconds left, and starts over when the window ends', () => {
    let now = 1_000_000;
    const counter = new WindowCounter({ max: 2, timeWindow: 10_000 }, () => now);
    expect(counter.hit('a')).toBe(0);
    now += 2_500;
    expect(counter.hit('a')).toBe(0);
    expect(counter.hit('a')).toBe(8); // 7.5 s left, rounded up
    expect(counter.hit('b')).toBe(0);
    now += 7_499;
    expect(counter.hit('a')).toBe(1);
    now += 1;
    expect(counter.hit('a')).toBe(0);
  });

  it('forgets the window that started first once it holds `capacity` addresses', () => {
    let now = 0;
    const counter = new WindowCounter({ max: 1, timeWindow: 60_000 }, () => now, 2);
    counter.hit('first');
    now += 1;
    counter.hit('second');
    expect(counter.hit('second')).toBeGreaterThan(0);
    counter.hit('third'); // forgets `first`
    expect(counter.hit('first')).toBe(0);
    expect(counter.hit('third')).toBeGreaterThan(0);
  });
});

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:85a3:8d3:1319:8a2e:370:7348', '2001:db8:85a3:8d3::/64'],
    ['2001:0DB8:0000:0001:ffff::1', '2001:db8:0:1::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    ['not-an-address', 'not-an-address'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('counts the addresses of one /64 together and another /64 apart', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe(clientKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
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
