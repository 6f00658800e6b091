import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/modules/module-list';
import { createTestApp, xsrfHeaders, type TestApp } from './helpers/test-app';
import { probeRoutes } from './helpers/probe-routes';

describe('error envelope', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ modules: [...MODULES, probeRoutes] });
  });
  afterAll(() => t.close());

  it('404 for an unknown /api path, GET and POST', async () => {
    const get = await t.app.inject({ method: 'GET', url: '/api/nope/v1/thing' });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ code: 404, messageKey: 'not_found' });
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', headers: xsrfHeaders(), payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ code: 404, messageKey: 'not_found' });
  });

  it('400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...xsrfHeaders(), 'content-type': 'application/json' },
      payload: '{"username": "a", "password": "oops',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, messageKey: 'bad_request' });
  });

  it('422 with one field error per zod issue', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: xsrfHeaders(),
      payload: { firstName: 'toolong', email: 'nope', age: 12, phone: 'abc', address: {}, tags: ['a', 'b'], employeeId: 'x', extra: 1 },
    });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe(422);
    expect(body.messageKey).toBe('validation_failed');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', key: 'maxlength' },
        { field: 'email', key: 'email' },
        { field: 'age', key: 'min' },
        { field: 'phone', key: 'pattern' },
        { field: 'address.city', key: 'required' },
        { field: 'tags', key: 'maxlength' },
        { field: 'employeeId', key: 'unmatched' },
        { field: 'extra', key: 'invalid' },
      ]),
    );
  });

  it('422 for a too-short string and for a missing body', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/validate',
      headers: xsrfHeaders(),
      payload: { firstName: '', age: 20, phone: '1', address: { city: 'PP' }, tags: [], employeeId: 'a' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ field: 'firstName', key: 'minlength' }]);
    const missing = await t.app.inject({ method: 'POST', url: '/api/test/validate', headers: xsrfHeaders() });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual([{ field: 'body', key: expect.any(String) }]);
  });

  it('500 without stack, message or internals; logged with the request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 500, messageKey: 'system_error' });
    expect(res.body).not.toMatch(/hunter2|secret|stack|internal detail|\.ts/);
    const logged = t.logs.entries().find((e) => e.msg === 'request failed' && e.reqId === res.headers['x-request-id']);
    expect(logged).toBeDefined();
    expect(JSON.stringify(logged)).toContain('stack');
  });

  it('413 for a body over 1 MiB', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...xsrfHeaders(), 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, messageKey: 'too_large' });
  });

  it('415 for a content type the API does not take', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { ...xsrfHeaders(), 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 415, messageKey: 'unsupported_media_type' });
  });

  it('401 without a token on a route that needs one; 403 for the wrong role', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/test/signed-in' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ code: 401, messageKey: 'unauthenticated' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/test/signed-in', headers: { authorization: 'Bearer not.a.jwt' } });
    expect(bad.statusCode).toBe(401);
  });
});
