import { randomUUID } from 'node:crypto';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { PUBLIC, decideAccess } from '@portal/domain/api/access-policy';
import { ROLES, type Role } from '@portal/domain/codes/roles';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../src/plugins/auth-types';
import { ACCESS_TOKEN_TYPE } from '../../src/modules/auth/access-token';
import { authClient, signIn, type Session } from '../auth/auth-client';
import { createRoutedApp, DEMO_USER_OF, type RouteEntry } from '../helpers/route-table';
import { xsrfHeaders } from '../helpers/test-app';

/**
 * Tokens: on one protected route of every area of the route table, every kind of bad
 * access token is a 401 with the envelope, while the genuine token of the same user gets past
 * the check. Generalises test/auth/tokens.test.ts (one route) to every area.
 */
const t = await createRoutedApp();
afterAll(() => t.close());

const UNAUTHENTICATED = { code: 401, messageKey: 'unauthenticated' };

/** One protected route per area: a built one when the area has any, GET first. */
function sampleRoutes(): RouteEntry[] {
  const byArea = new Map<string, RouteEntry[]>();
  for (const route of t.routes.api()) {
    const access = t.routes.access(route);
    if (access === PUBLIC || access === undefined) continue;
    byArea.set(route.area, [...(byArea.get(route.area) ?? []), route]);
  }
  const score = (r: RouteEntry) => (t.routes.isPending(r) ? 2 : 0) + (r.method === 'GET' ? 0 : 1);
  return [...byArea.values()].map((routes) => [...routes].sort((a, b) => score(a) - score(b))[0] as RouteEntry);
}

const routes = sampleRoutes();

function b64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

interface Claims {
  sub: string;
  roles: Role[];
  agencyId: string | null;
  sid?: string;
}

/** A token exactly like ours (HS256, issuer, audience, typ) unless an option spoils one part. */
async function token(
  claims: Claims,
  options: {
    secret?: Parameters<SignJWT['sign']>[0] | string;
    alg?: string;
    typ?: string | null;
    aud?: string;
    iss?: string;
    exp?: number;
    nbf?: number;
    omit?: 'sub' | 'exp';
  } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const header: { alg: string; typ?: string } = { alg: options.alg ?? 'HS256' };
  if (options.typ !== null) header.typ = options.typ ?? ACCESS_TOKEN_TYPE;
  let jwt = new SignJWT({ roles: claims.roles, scopes: [], agencyId: claims.agencyId, ...(claims.sid ? { sid: claims.sid } : {}) })
    .setProtectedHeader(header)
    .setIssuer(options.iss ?? ACCESS_TOKEN_ISSUER)
    .setAudience(options.aud ?? ACCESS_TOKEN_AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt(now);
  if (options.omit !== 'sub') jwt = jwt.setSubject(claims.sub);
  if (options.omit !== 'exp') jwt = jwt.setExpirationTime(options.exp ?? now + 600);
  if (options.nbf !== undefined) jwt = jwt.setNotBefore(options.nbf);
  const secret = options.secret ?? t.config.jwtSecret;
  return jwt.sign(typeof secret === 'string' ? new TextEncoder().encode(secret) : secret);
}

const sessions = new Map<Role, Session>();
async function sessionFor(role: Role): Promise<Session> {
  const have = sessions.get(role);
  if (have) return have;
  const username = DEMO_USER_OF[role];
  if (!username) throw new Error(`no demo user signs in as ${role}`);
  const session = await signIn(t, authClient(t), username);
  sessions.set(role, session);
  return session;
}

/** Every bad token for a caller of `role`, by name. */
async function badTokens(role: Role): Promise<Record<string, string>> {
  const session = await sessionFor(role);
  const claims: Claims = { sub: session.user.id, roles: [role], agencyId: null };
  const now = Math.floor(Date.now() / 1000);
  const rsa = await generateKeyPair('RS256');
  const ec = await generateKeyPair('ES256');
  const publicPem = await exportSPKI(rsa.publicKey);
  const [header, payload, signature] = session.accessToken.split('.') as [string, string, string];
  const elevated = b64url({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), roles: [...ROLES] });
  return {
    'forged signature (another secret)': await token(claims, { secret: 'another-secret-another-secret-another-secret-0123' }),
    'payload changed, signature kept (roles raised)': `${header}.${elevated}.${signature}`,
    'signature cut off': `${header}.${payload}.`,
    'signature missing': `${header}.${payload}`,
    expired: await token(claims, { exp: now - 60 }),
    'not valid yet (nbf in an hour)': await token(claims, { nbf: now + 3600 }),
    'alg none, no signature': `${b64url({ alg: 'none', typ: ACCESS_TOKEN_TYPE })}.${payload}.`,
    'alg None (case)': `${b64url({ alg: 'None', typ: ACCESS_TOKEN_TYPE })}.${payload}.`,
    'RS256 signed with an attacker key': await token(claims, { alg: 'RS256', secret: rsa.privateKey }),
    'ES256 signed with an attacker key': await token(claims, { alg: 'ES256', secret: ec.privateKey }),
    'HS256 keyed with a public RSA key (HS/RS confusion)': await token(claims, { secret: publicPem }),
    'RS256 header over an HS256 signature': `${b64url({ alg: 'RS256', typ: ACCESS_TOKEN_TYPE })}.${payload}.${signature}`,
    'HS512 with the right secret': await token(claims, { alg: 'HS512' }),
    'wrong audience': await token(claims, { aud: 'someone-else' }),
    'wrong issuer': await token(claims, { iss: 'someone-else' }),
    'no typ': await token(claims, { typ: null }),
    'typ JWT': await token(claims, { typ: 'JWT' }),
    'no subject': await token(claims, { omit: 'sub' }),
    'no expiry': await token(claims, { omit: 'exp' }),
    'refresh token used as access token': session.refreshToken,
    'a JWT-looking refresh token': `${header}.${b64url(session.refreshToken)}.${signature}`,
    empty: '',
    garbage: 'not.a.token',
  };
}

async function call(route: RouteEntry, authorization?: string): Promise<LightMyRequestResponse> {
  const isGet = route.method === 'GET';
  return t.app.inject({
    method: route.method as 'GET' | 'POST',
    url: t.routes.url(route, { id: '00000000-0000-4000-8000-000000000000' }),
    headers: { ...(isGet ? {} : xsrfHeaders()), ...(authorization === undefined ? {} : { authorization }) },
    ...(isGet ? {} : { payload: {} }),
  });
}

let tried = 0;
afterAll(() =>
  console.warn(
    `[tokens] ${tried} bad tokens refused on ${routes.length} routes (one per area): ${routes.map((r) => t.routes.label(r)).join(', ')}`,
  ),
);

describe('bad access tokens are 401 on a protected route of every area', () => {
  it('samples one protected route of every area that has one', () => {
    const areas = new Set(routes.map((r) => r.area));
    for (const area of [
      'auth',
      'user',
      'contact',
      'activity',
      'policy',
      'proposal',
      'appform',
      'document',
      'candidate',
      'support',
      'compliance',
      'agentProduct',
    ]) {
      expect(areas, area).toContain(area);
    }
  });

  for (const route of routes) {
    it(`${t.routes.label(route)}${t.routes.isPending(route) ? ' (501, pending)' : ''}`, async () => {
      const role = ROLES.find((r) => DEMO_USER_OF[r] && decideAccess(t.routes.access(route), [r]) === 'allow');
      expect(role, 'a demo user who may call the route').toBeDefined();
      const session = await sessionFor(role as Role);

      // The genuine token of the same user gets past the check: the refusals below are the token's fault.
      const genuine = await call(route, `Bearer ${session.accessToken}`);
      expect([401, 403], `genuine token: ${genuine.body}`).not.toContain(genuine.statusCode);

      const failures: string[] = [];
      const schemes = {
        'no Authorization header': undefined,
        'lower-case scheme': `bearer ${session.accessToken}`,
        'Basic scheme': `Basic ${Buffer.from('demo.aap:Demo@Portal2026').toString('base64')}`,
        'token without scheme': session.accessToken,
        'two tokens': `Bearer ${session.accessToken} Bearer ${session.accessToken}`,
      };
      const cases: [string, string | undefined][] = [
        ...Object.entries(await badTokens(role as Role)).map(([name, value]): [string, string] => [name, `Bearer ${value}`]),
        ...Object.entries(schemes),
      ];
      for (const [name, authorization] of cases) {
        const res = await call(route, authorization);
        tried += 1;
        let body: unknown;
        try {
          body = res.json();
        } catch {
          body = res.body;
        }
        if (res.statusCode !== 401 || JSON.stringify(body) !== JSON.stringify(UNAUTHENTICATED))
          failures.push(`${name}: ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it("a signed-out session's access token is 401 on every sampled route", async () => {
    const client = authClient(t);
    const session = await signIn(t, client, 'demo.aa');
    expect((await client.post('/api/auth/v1/logout', {}, { token: session.accessToken })).statusCode).toBe(200);
    for (const route of routes) {
      if (decideAccess(t.routes.access(route), ['ROLE_AA']) !== 'allow') continue;
      const res = await call(route, `Bearer ${session.accessToken}`);
      expect(res.statusCode, t.routes.label(route)).toBe(401);
      expect(res.json()).toEqual(UNAUTHENTICATED);
    }
  });
});
