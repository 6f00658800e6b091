import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/modules/module-list';
import { sanitizeUrl, scrub } from '../src/plugins/logger';
import { createTestApp, xsrfHeaders, type TestApp } from './helpers/test-app';
import { probeRoutes } from './helpers/probe-routes';

const SECRETS = {
  username: 'demo.aap',
  password: 'Secret-Password-123!',
  otp: '918273',
  refreshToken: 'refresh-token-value-abc',
  accessToken: 'access-token-value-def',
  requestCode: 'request-code-value-ghi',
};

describe('log redaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [...MODULES, probeRoutes] });
  });
  afterAll(() => t.close());

  it('never writes passwords, OTPs, tokens, cookies or the authorization header', async () => {
    const xsrf = xsrfHeaders();
    const headers = { ...xsrf, authorization: 'Bearer header-token-value-jkl', cookie: `${xsrf.cookie}; session=cookie-value-mno` };
    await t.app.inject({ method: 'POST', url: '/api/auth/v1/login', headers, payload: SECRETS });
    await t.app.inject({ method: 'POST', url: '/api/auth/v1/login/mfa', headers, payload: SECRETS });
    await t.app.inject({ method: 'POST', url: '/api/test/echo', headers, payload: SECRETS });
    await t.app.inject({ method: 'POST', url: '/api/test/validate', headers, payload: SECRETS });
    // A malformed body: Node's JSON.parse error quotes the text it choked on.
    await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: `{"password":"${SECRETS.password}", "otp": "${SECRETS.otp}" oops`,
    });
    await t.app.inject({ method: 'GET', url: `/secure-link?token=${SECRETS.requestCode}&lang=km` });
    t.app.log.info({ body: SECRETS, nested: { deeper: { credential: 'credential-value-pqr' } } }, 'a careless log line');
    // An error carrying the request it failed on, with a cause and a bundle of errors; a child logger's bindings.
    const failed = Object.assign(new Error('upstream refused', { cause: new Error('socket closed') }), {
      details: { request: { body: { Password: 'error-password-stu' } } },
      errors: [Object.assign(new Error('one of several'), { context: { otp: 'aggregate-otp-vwx' } })],
    });
    t.app.log.error({ err: failed }, 'a careless error line');
    t.app.log.child({ refreshToken: 'binding-token-yz1' }).warn('a careless child logger');

    const text = t.logs.text();
    expect(t.logs.lines.length).toBeGreaterThan(5);
    for (const secret of [
      ...Object.values(SECRETS).slice(1),
      'header-token-value-jkl',
      'cookie-value-mno',
      'credential-value-pqr',
      'error-password-stu',
      'aggregate-otp-vwx',
      'binding-token-yz1',
      xsrf['x-xsrf-token'],
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).toContain('[Redacted]');
    expect(text).toContain('lang=km');
    // What is not secret stays: the error's message with its cause, and the bundled error's message.
    expect(text).toContain('upstream refused: socket closed');
    expect(text).toContain('one of several');
  });

  it('scrubs sensitive keys at any depth but leaves other values alone', () => {
    expect(scrub({ a: 1, Password: 'x', list: [{ newPassword: 'y', ok: 'z' }] })).toEqual({
      a: 1,
      Password: '[Redacted]',
      list: [{ newPassword: '[Redacted]', ok: 'z' }],
    });
    expect(sanitizeUrl('/x?otp=1&page=2')).toBe('/x?otp=%5BRedacted%5D&page=2');
    expect(sanitizeUrl('/x?page=2')).toBe('/x?page=2');
  });
});

const completedFor = (t: TestApp, requestId: unknown) =>
  t.logs.entries().filter((e) => e.reqId === requestId && e.msg === 'request completed');

describe('request log lines', () => {
  let t: TestApp;
  let quiet: TestApp;
  beforeAll(async () => {
    [t, quiet] = await Promise.all([
      createTestApp({ config: { logRequests: 'all' } }),
      createTestApp({ config: { logRequests: 'problems' } }),
    ]);
  });
  afterAll(() => Promise.all([t?.close(), quiet?.close()]));

  it('LOG_REQUESTS=all: exactly one line per request, with its id, status, time and redacted URL', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/live?otp=123456' });
    const lines = completedFor(t, res.headers['x-request-id']);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ res: { statusCode: 200 }, req: { method: 'GET', url: '/api/health/live?otp=%5BRedacted%5D' } });
    expect(typeof lines[0]?.responseTime).toBe('number');
    expect(t.logs.text()).not.toContain('incoming request');
  });

  it('LOG_REQUESTS=problems (the production default): nothing for a quick success, a line for a failure', async () => {
    const ok = await quiet.app.inject({ method: 'GET', url: '/api/health' });
    expect(ok.statusCode).toBe(200);
    expect(completedFor(quiet, ok.headers['x-request-id'])).toEqual([]);
    const denied = await quiet.app.inject({ method: 'GET', url: '/api/contact/v1/page?page=0&size=20' });
    expect(denied.statusCode).toBe(401);
    expect(completedFor(quiet, denied.headers['x-request-id'])).toMatchObject([{ res: { statusCode: 401 } }]);
  });
});
