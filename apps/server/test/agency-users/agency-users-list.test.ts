// The agency admin's list of users and the history of one user: only the admin's own agency,
// only the agency admin role; another agency's user is not found.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyUserHistoryResponse } from '@portal/domain/contracts/agency-users/agency-user-history';
import type { AgencyUserListResponse } from '@portal/domain/contracts/agency-users/list-agency-users';
import { appUser } from '../../src/db/schema/app-user.table';
import { DEMO_PASSWORD } from '../../src/db/seed-demo';
import { authClient } from '../auth/auth-client';
import { signInAdvisor, type Advisor } from '../contacts/contact-client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { listed, userId, USERS } from './agency-users-kit';

describe('the agency admin’s users', () => {
  let t: TestApp;
  let admin: Advisor;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
    admin = await signInAdvisor(t, 'demo.aa');
  }, 120_000);
  afterAll(() => t.close());

  it('lists every user of the admin’s agency by name, and nobody else', async () => {
    const res = await admin.get(USERS);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as AgencyUserListResponse;
    const [me] = await t.db.select().from(appUser).where(eq(appUser.username, 'demo.aa'));
    const agencyUsers = await t.db.select().from(appUser).where(eq(appUser.agencyId, me!.agencyId!));
    expect(items.map((i) => i.username).sort()).toEqual(agencyUsers.map((u) => u.username).sort());
    expect(items.map((i) => i.displayName)).toEqual([...items.map((i) => i.displayName)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(items.map((i) => i.username)).not.toContain('demo.trainee');

    const aap = items.find((i) => i.username === 'demo.aap')!;
    const [row] = await t.db.select().from(appUser).where(eq(appUser.username, 'demo.aap'));
    expect(aap).toMatchObject({
      displayName: row!.displayName,
      displayNameKh: row!.displayNameKh,
      roles: ['ROLE_AAP'],
      agentCode: row!.agentCode,
      status: 'active',
      lockedUntil: null,
      passkeyCount: 0,
      self: false,
    });
    // Masked as the sign-in screen masks it: the last three digits only.
    expect(aap.maskedPhone).toMatch(/^\+855\*+\d{3}$/);
    expect(aap.maskedPhone!.slice(-3)).toBe(row!.phone!.slice(-3));
    expect(aap.maskedPhone).not.toContain(row!.phone!.slice(4, -3));

    const self = items.find((i) => i.username === 'demo.aa')!;
    expect(self.self).toBe(true);
    // demo.aa signed in above; the time carries the +07:00 offset.
    expect(self.lastSignInAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/);
  });

  it('is the agency admin’s alone', async () => {
    const id = await userId(t, 'demo.aap2');
    for (const username of ['demo.aap', 'demo.as']) {
      const other = await signInAdvisor(t, username);
      expect((await other.get(USERS)).statusCode, username).toBe(403);
      expect((await other.get(`${USERS}/${id}/history`)).statusCode, username).toBe(403);
      expect((await other.post(`${USERS}/${id}/unlock`)).statusCode, username).toBe(403);
      expect((await other.post(`${USERS}/${id}/deactivate`)).statusCode, username).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: USERS })).statusCode).toBe(401);
    expect((await authClient(t).post(`${USERS}/${id}/deactivate`)).statusCode).toBe(401);
    // Nothing changed.
    expect((await listed(admin, id))?.status).toBe('active');
  });

  it('acts only on users of the admin’s own agency (another agency’s user is not found)', async () => {
    const outsider = await userId(t, 'demo.trainee');
    for (const action of ['deactivate', 'reactivate', 'unlock', 'reset-passkeys', 'send-set-password-link']) {
      const res = await admin.post(`${USERS}/${outsider}/${action}`);
      expect(res.statusCode, action).toBe(404);
      expect(res.json()).toEqual({ code: 404, messageKey: 'not_found' });
    }
    expect((await admin.get(`${USERS}/${outsider}/history`)).statusCode).toBe(404);
    const [row] = await t.db.select({ status: appUser.status }).from(appUser).where(eq(appUser.id, outsider));
    expect(row!.status).toBe('active');
    // An id that names nobody, and one that is not an id.
    expect((await admin.post(`${USERS}/00000000-0000-4000-8000-000000000000/unlock`)).statusCode).toBe(404);
    expect((await admin.post(`${USERS}/not-an-id/unlock`)).statusCode).toBe(422);
  });

  it('shows the user’s history newest first: sign-ins, failures and the admin’s actions, by whom', async () => {
    const id = await userId(t, 'demo.bk');
    const client = authClient(t);
    expect((await client.post('/api/auth/v1/login', { username: 'demo.bk', password: 'Wrong-password-1' })).statusCode).toBe(401);
    expect((await admin.post(`${USERS}/${id}/deactivate`)).statusCode).toBe(200);
    expect((await admin.post(`${USERS}/${id}/reactivate`)).statusCode).toBe(200);
    expect((await client.post('/api/auth/v1/login', { username: 'demo.bk', password: DEMO_PASSWORD })).statusCode).toBe(200);

    const res = await admin.get(`${USERS}/${id}/history`);
    expect(res.statusCode, res.body).toBe(200);
    const { items } = res.json() as AgencyUserHistoryResponse;
    expect(items.map((i) => i.action)).toEqual(['user_reactivated', 'user_deactivated', 'login_failed']);
    const [me] = await t.db.select().from(appUser).where(eq(appUser.username, 'demo.aa'));
    expect(items[0]!.actor).toEqual({ displayName: me!.displayName, displayNameKh: me!.displayNameKh });
    expect(items[2]!.actor).toBeNull();
    const times = items.map((i) => i.at);
    expect(times).toEqual([...times].sort().reverse());
    // Another user's history holds none of it.
    const other = ((await admin.get(`${USERS}/${await userId(t, 'demo.aap')}/history`)).json() as AgencyUserHistoryResponse).items;
    expect(other.map((i) => i.action)).not.toContain('user_deactivated');
  });
});
