import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearerFor, createTestApp, xsrfHeaders, type TestApp } from './helpers/test-app';
import { sameToken } from '../src/plugins/xsrf';

const SPEC_POST = '/api/auth/v1/login';

describe('cross-site request token (double submit)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Trusting the proxy lets a test claim https through X-Forwarded-Proto.
    t = await createTestApp({ config: { trustProxy: true } });
  });
  afterAll(() => t.close());

  it('sets a readable, SameSite=Strict XSRF-TOKEN cookie when the request has none', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Strict' });
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.secure).toBeFalsy();
  });

  it('keeps a valid cookie and replaces an invalid one', async () => {
    const { cookie } = xsrfHeaders('A'.repeat(43));
    const kept = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie } });
    expect(kept.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
    const replaced = await t.app.inject({ method: 'GET', url: '/api/health', headers: { cookie: 'XSRF-TOKEN=short' } });
    expect(replaced.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('marks the cookie Secure over https (behind a trusted proxy)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.secure).toBe(true);
  });

  it('refuses a POST without the token with 403', async () => {
    const res = await t.app.inject({ method: 'POST', url: SPEC_POST, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 403, messageKey: 'forbidden' });
  });

  it('refuses a header that does not match the cookie, and a header without a cookie', async () => {
    const a = xsrfHeaders();
    const b = xsrfHeaders();
    const mismatch = await t.app.inject({
      method: 'POST',
      url: SPEC_POST,
      headers: { cookie: a.cookie, 'x-xsrf-token': b['x-xsrf-token'] },
      payload: {},
    });
    expect(mismatch.statusCode).toBe(403);
    const headerOnly = await t.app.inject({ method: 'POST', url: SPEC_POST, headers: { 'x-xsrf-token': a['x-xsrf-token'] }, payload: {} });
    expect(headerOnly.statusCode).toBe(403);
  });

  it('lets a POST with the matching cookie and header through to the route', async () => {
    // The sign-in route answers its own 401 (wrong credentials): the request got past the XSRF check.
    const res = await t.app.inject({
      method: 'POST',
      url: SPEC_POST,
      headers: xsrfHeaders(),
      payload: { username: 'nobody.here', password: 'Wrong@Pass2026' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 1024 });
  });

  it('does not ask GET calls for the token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/v1/webauthn', headers: await bearerFor(t) });
    expect(res.statusCode).toBe(200);
  });
});

describe('sameToken', () => {
  const token = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
  it('is true only for the very same text', () => {
    expect(sameToken(token, `${token}`)).toBe(true);
    expect(sameToken(token, `${token.slice(0, -1)}R`)).toBe(false);
    expect(sameToken(token, `X${token.slice(1)}`)).toBe(false);
    expect(sameToken(token, token.slice(0, -1))).toBe(false);
    expect(sameToken(token, `${token}A`)).toBe(false);
    expect(sameToken('', '')).toBe(true);
  });
});
