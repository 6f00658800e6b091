import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLIC } from '@portal/domain/api/access-policy';
import { SIGN_TOKEN_HEADER } from '@portal/domain/contracts/applications/remote-signature';
import { VIEW_TOKEN_HEADER } from '@portal/domain/contracts/proposals/send-to-customer';
import { createRoutedApp, type RouteEntry } from '../helpers/route-table';
import { xsrfHeaders } from '../helpers/test-app';

/**
 * The caller is checked before the request is validated: on every protected route an anonymous
 * call with a body, query and path that would each fail validation (and a NUL byte the text guard
 * refuses) answers 401 `unauthenticated`, never a 400 or 422 that would tell a stranger what the
 * route expects.
 */
const t = await createRoutedApp();
afterAll(() => t.close());

const UNAUTHENTICATED = { code: 401, messageKey: 'unauthenticated' };
const protectedRoutes = t.routes.api().filter((route) => {
  const access = t.routes.access(route);
  return access !== undefined && access !== PUBLIC;
});

function callAnonymously(route: RouteEntry): Promise<LightMyRequestResponse> {
  const isGet = route.method === 'GET';
  return t.app.inject({
    method: route.method as 'GET' | 'POST',
    url: t.routes.url(route, { id: 'not-an-id' }, { query: 'page=-1&size=many&q=%00' }),
    headers: isGet ? {} : xsrfHeaders(),
    ...(isGet ? {} : { payload: { version: 'x', unexpected: true, name: 'a\u0000b', items: 'not-a-list' } }),
  });
}

describe('protected routes answer an anonymous call with 401 before validating it', () => {
  it('covers the protected routes of the route table', () => {
    expect(protectedRoutes.length).toBeGreaterThan(50);
  });

  it('the same call from a signed-in caller is refused by validation (so the 401s below come first)', async () => {
    const route = protectedRoutes.find((r) => r.method === 'POST' && r.url === '/api/contact/v1/create') as RouteEntry;
    const caller = await t.routes.allowedCaller(route);
    const res = await t.app.inject({
      method: 'POST',
      url: t.routes.url(route),
      headers: { ...xsrfHeaders(), ...caller?.headers },
      payload: { version: 'x', unexpected: true, name: 'a\u0000b', items: 'not-a-list' },
    });
    expect(res.statusCode).toBe(422);
  });

  it('every protected route: 401 unauthenticated, whatever the body, query and path', async () => {
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      const res = await callAnonymously(route);
      let body: unknown;
      try {
        body = res.json();
      } catch {
        body = res.body;
      }
      if (res.statusCode !== 401 || JSON.stringify(body) !== JSON.stringify(UNAUTHENTICATED))
        wrong.push(`${t.routes.label(route)}: ${res.statusCode} ${res.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * The customer's pages have no account: a session token (remote signature) or a view token (a
 * proposal sent by SMS) in a header is the caller. Without a valid one the call is anonymous and
 * answers 401 the same way, before its body or query is validated.
 */
describe('customer routes answer a call without a valid token with 401 before validating it', () => {
  const TOKEN_ROUTES = [
    { method: 'POST', url: '/api/customer/v1/sign/code', header: SIGN_TOKEN_HEADER },
    { method: 'POST', url: '/api/customer/v1/sign/verify', header: SIGN_TOKEN_HEADER },
    { method: 'GET', url: '/api/customer/v1/sign/summary?lang=xx', header: SIGN_TOKEN_HEADER },
    { method: 'POST', url: '/api/customer/v1/sign', header: SIGN_TOKEN_HEADER },
    { method: 'GET', url: '/api/customer/v1/proposal', header: VIEW_TOKEN_HEADER },
    { method: 'GET', url: '/api/customer/v1/proposal/report?lang=xx', header: VIEW_TOKEN_HEADER },
  ] as const;

  it('no token, or a forged one: 401 unauthenticated, whatever the body and query', async () => {
    const wrong: string[] = [];
    for (const route of TOKEN_ROUTES) {
      for (const token of [undefined, 'forged.token.value']) {
        const isGet = route.method === 'GET';
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: { ...(isGet ? {} : xsrfHeaders()), ...(token ? { [route.header]: token } : {}) },
          ...(isGet ? {} : { payload: { code: 'not-a-code', signature: 42, unexpected: true } }),
        });
        if (res.statusCode !== 401 || JSON.stringify(res.json()) !== JSON.stringify(UNAUTHENTICATED))
          wrong.push(`${route.method} ${route.url} (${token ? 'forged' : 'no'} token): ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
