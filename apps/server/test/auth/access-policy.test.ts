import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@portal/domain/api/api-paths';
import { ACCESS_POLICY, accessKey, decideAccess, type Access } from '@portal/domain/api/access-policy';
import { ROLES, type Role } from '@portal/domain/codes/roles';
import { MODULES } from '../../src/modules/module-list';
import { signAccessToken } from '../../src/modules/auth/access-token';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { authClient, signIn, type AuthClient } from './auth-client';

/** The demo user of each role that signs in (DESIGN.md §3); ROLE_CNL gets a minted secure-link-style token. */
const DEMO_USER_OF: Partial<Record<Role, string>> = {
  ROLE_AAP: 'demo.aap',
  ROLE_BK: 'demo.bk',
  ROLE_AS: 'demo.as',
  ROLE_AA: 'demo.aa',
  ROLE_TRAINEE: 'demo.trainee',
  ROLE_CAN: 'demo.can',
};

const SAMPLE_PARAMS: Record<string, string> = { id: '00000000-0000-4000-8000-000000000000' };

function concretePath(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => SAMPLE_PARAMS[name] ?? 'X1');
}

/** Routes that exist only here: one without any access rule, one with explicit roles. */
const unlistedRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/test/unlisted', async () => ({ ok: true }));
  app.get('/api/test/admins', { config: { roles: ['ROLE_AA'] } }, async () => ({ ok: true }));
};

describe('the access policy, enforced on every API path for every role (api/access-policy.ts)', () => {
  let t: TestApp;
  let client: AuthClient;
  const tokens = new Map<Role, string>();

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true, modules: [...MODULES, unlistedRoutes] });
    client = authClient(t);
    for (const role of ROLES) {
      const username = DEMO_USER_OF[role];
      if (username) {
        tokens.set(role, (await signIn(t, authClient(t), username)).accessToken);
      } else {
        // A secure-link session: minted with the server's own secret, no refresh family.
        tokens.set(
          role,
          await signAccessToken(
            t.config.jwtSecret,
            {
              sub: randomUUID(),
              roles: [role],
              scopes: [],
              agencyId: null,
              sid: null,
            },
            new Date(),
            900,
          ),
        );
      }
    }
  }, 120_000);
  afterAll(() => t.close());

  const call = (method: string, path: string, token?: string) => {
    const url = concretePath(path);
    const options = { ...(token ? { token } : {}) };
    return method === 'GET' ? client.get(url, options) : client.post(url, {}, options);
  };

  // Logout last: it ends the session whose token the other calls use.
  const entries = [...API_PATHS].sort((a, b) => Number(a.path.endsWith('/logout')) - Number(b.path.endsWith('/logout')));

  it('has a rule for every API path', () => {
    for (const entry of API_PATHS)
      expect(ACCESS_POLICY[accessKey(entry.method, entry.path)], `${entry.method} ${entry.path}`).toBeDefined();
  });

  it('answers every API path as the table says, anonymously and for each of the seven roles', async () => {
    const mismatches: string[] = [];
    for (const { method, path } of entries) {
      const access = ACCESS_POLICY[accessKey(method, path)] as Access;
      const callers: [string, Role | null][] = [['anonymous', null], ...ROLES.map((role): [string, Role] => [role, role])];
      for (const [name, role] of callers) {
        const res = await call(method, path, role ? tokens.get(role) : undefined);
        const expected = decideAccess(access, role ? [role] : null);
        const ok =
          expected === 'allow'
            ? res.statusCode !== 401 && res.statusCode !== 403
            : res.statusCode === (expected === 'unauthenticated' ? 401 : 403);
        if (!ok) mismatches.push(`${method} ${path} as ${name}: expected ${expected}, got ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(mismatches).toEqual([]);
  }, 300_000);

  it('checks the table itself with hand-written cases', async () => {
    const fresh = async (username: string) => (await signIn(t, authClient(t), username)).accessToken;
    const trainee = await fresh('demo.trainee');
    const advisor = await fresh('demo.aap');
    const admin = await fresh('demo.aa');
    const candidate = await fresh('demo.can');

    expect((await client.post('/api/contact/v1/create', {}, { token: trainee })).statusCode).toBe(403);
    expect((await client.get('/api/user/v1/dashboard')).statusCode).toBe(401);
    expect((await client.get('/api/user/v1/dashboard')).json()).toEqual({ code: 401, messageKey: 'unauthenticated' });
    expect((await client.get('/api/contact/v2/find', { token: candidate })).statusCode).toBe(403);
    expect((await client.get('/api/contact/v2/find', { token: admin })).statusCode).toBe(403);
    expect((await client.post('/api/agent-product/v1/create', {}, { token: advisor })).statusCode).toBe(403);
    // Built: a trainee takes the compliance training.
    expect((await client.get('/api/compliance/training/v1/questions', { token: trainee })).statusCode).toBe(200);
    // Built: the admin gets the exam template; a secure-link session reaches the form's validation.
    expect((await client.get('/api/support/v1/exam/download/template', { token: admin })).statusCode).toBe(200);
    // Allowed through the policy: the contact module answers, and an id that is not theirs is 404.
    expect((await client.get(`/api/contact/v1/find/${SAMPLE_PARAMS.id}`, { token: advisor })).statusCode).toBe(404);
    // Applications, documents and reports are built: no longer 501. Advisors write, staff read.
    expect((await client.get(`/api/appform/v1/find/${SAMPLE_PARAMS.id}`, { token: advisor })).statusCode).toBe(404);
    expect((await client.get(`/api/appform/v1/find/${SAMPLE_PARAMS.id}`, { token: admin })).statusCode).toBe(404);
    expect((await client.post('/api/appform/v1/create', { proposalId: SAMPLE_PARAMS.id }, { token: admin })).statusCode).toBe(403);
    expect((await client.post('/api/appform/v1/create', { proposalId: SAMPLE_PARAMS.id }, { token: advisor })).statusCode).toBe(422);
    expect((await client.post('/api/document/v1/upload', {}, { token: trainee })).statusCode).toBe(403);
    expect((await client.get(`/api/document/v1/download?id=${SAMPLE_PARAMS.id}`, { token: advisor })).statusCode).toBe(404);
    expect((await client.get(`/api/report/v1/generate/application-form/${SAMPLE_PARAMS.id}`, { token: advisor })).statusCode).toBe(404);
    expect((await client.get('/api/appform/v1/lov/branch/BACIM', { token: admin })).statusCode).toBe(200);
    expect((await client.post('/api/candidate/v1/form/update/1', {}, { token: tokens.get('ROLE_CNL') })).statusCode).toBe(422);
    expect((await client.get('/api/candidate/v1/form/find', { token: tokens.get('ROLE_CNL') })).statusCode).toBe(404);
    expect((await client.get('/api/user/v1/profile', { token: tokens.get('ROLE_CNL') })).statusCode).toBe(403);
    // Public calls need no token.
    expect((await client.post('/api/candidate/v1/form/link/otp', {})).statusCode).toBe(422);
    expect((await client.post('/api/candidate/v1/form/link/otp', { token: 'a.b.c' })).statusCode).toBe(410);
    expect((await client.get('/api/health')).statusCode).toBe(200);
    expect((await client.get('/api/docs/json')).statusCode).toBe(200);
  });

  it("denies an /api route that has no rule, and applies a route's own roles", async () => {
    // Fresh sessions: the sweep above signed the first ones out (logout runs last).
    const admin = (await signIn(t, authClient(t), 'demo.aa')).accessToken;
    const advisor = (await signIn(t, authClient(t), 'demo.aap')).accessToken;
    expect((await client.get('/api/test/unlisted')).statusCode).toBe(401);
    expect((await client.get('/api/test/unlisted', { token: admin })).statusCode).toBe(403);
    expect((await client.get('/api/test/admins', { token: advisor })).statusCode).toBe(403);
    expect((await client.get('/api/test/admins', { token: admin })).statusCode).toBe(200);
    // Unknown /api paths are plain 404s, for anyone.
    expect((await client.get('/api/nothing/here')).statusCode).toBe(404);
  });
});
