// What the agency admin does to a user's account: deactivate (their sessions end at once and they
// cannot sign in) and reactivate, unlock after wrong passwords or codes, reset passkeys, resend the
// set-password link. Each is audited about the user.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgencyUserActionResponse } from '@portal/domain/contracts/agency-users/agency-user-actions';
import { appUser } from '../../src/db/schema/app-user.table';
import { auditLog } from '../../src/db/schema/audit-log.table';
import { outbox } from '../../src/db/schema/outbox.table';
import { passkey } from '../../src/db/schema/passkey.table';
import { refreshToken } from '../../src/db/schema/refresh-token.table';
import { DEMO_PASSWORD } from '../../src/db/seed-demo';
import { authClient, latestOtp, signIn, wrongOtp } from '../auth/auth-client';
import { signInAdvisor, type Advisor } from '../contacts/contact-client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { listed, userId, USERS } from './agency-users-kit';

describe('the agency admin’s actions on a user', () => {
  let t: TestApp;
  let admin: Advisor;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
    admin = await signInAdvisor(t, 'demo.aa');
  }, 120_000);
  afterAll(() => t.close());

  async function audited(id: string, action: string) {
    return t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, id), eq(auditLog.action, action)));
  }

  it('deactivating ends every session of the user at once; they cannot sign in until reactivated', async () => {
    const id = await userId(t, 'demo.aap');
    const client = authClient(t);
    const phone = await signIn(t, client, 'demo.aap');
    const laptop = await signIn(t, client, 'demo.aap');
    expect((await client.get('/api/user/v1/profile', { token: phone.accessToken })).statusCode).toBe(200);

    const res = await admin.post(`${USERS}/${id}/deactivate`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AgencyUserActionResponse).user).toMatchObject({ id, status: 'deactivated' });
    expect((await listed(admin, id))?.status).toBe('deactivated');

    // Both access tokens refused from the next call; neither refresh token works.
    for (const session of [phone, laptop]) {
      expect((await client.get('/api/user/v1/profile', { token: session.accessToken })).statusCode).toBe(401);
      expect((await client.post('/api/auth/v1/refresh', { refreshToken: session.refreshToken })).statusCode).toBe(401);
    }
    const live = await t.db.select().from(refreshToken).where(eq(refreshToken.userId, id));
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((r) => r.revokedAt !== null)).toBe(true);
    expect(live.map((r) => r.revokedReason)).toContain('deactivated');

    // The right password is refused with the translated sign-in error.
    const login = await client.post('/api/auth/v1/login', { username: 'demo.aap', password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ code: 1024, messageKey: 'invalid_credentials' });
    expect(await audited(id, 'user_deactivated')).toHaveLength(1);

    const back = await admin.post(`${USERS}/${id}/reactivate`);
    expect(back.statusCode, back.body).toBe(200);
    expect((back.json() as AgencyUserActionResponse).user.status).toBe('active');
    const again = await signIn(t, client, 'demo.aap');
    expect((await client.get('/api/user/v1/profile', { token: again.accessToken })).statusCode).toBe(200);
    expect(await audited(id, 'user_reactivated')).toHaveLength(1);
  });

  it('an admin cannot deactivate themself', async () => {
    const res = await admin.post(`${USERS}/${admin.userId}/deactivate`);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 'agency_user_self_deactivation', messageKey: 'agency_user_self_deactivation' });
    expect((await admin.get(USERS)).statusCode).toBe(200);
    expect(await audited(admin.userId, 'user_deactivated')).toHaveLength(0);
  });

  it('unlocking lifts the lock of ten wrong passwords: the next right password succeeds', async () => {
    const id = await userId(t, 'demo.aap2');
    const client = authClient(t);
    for (let i = 1; i <= 10; i += 1) {
      const wrong = await client.post('/api/auth/v1/login', { username: 'demo.aap2', password: `Wrong-password-${i}` });
      expect(wrong.statusCode, `attempt ${i}`).toBe(401);
    }
    expect((await client.post('/api/auth/v1/login', { username: 'demo.aap2', password: DEMO_PASSWORD })).statusCode).toBe(429);
    const locked = await listed(admin, id);
    expect(locked?.status).toBe('locked');
    expect(locked?.lockedUntil).toMatch(/\+07:00$/);

    const res = await admin.post(`${USERS}/${id}/unlock`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AgencyUserActionResponse).user).toMatchObject({ status: 'active', lockedUntil: null });
    const session = await signIn(t, client, 'demo.aap2');
    expect((await client.get('/api/user/v1/profile', { token: session.accessToken })).statusCode).toBe(200);
    expect(await audited(id, 'user_unlocked')).toHaveLength(1);
  });

  it('unlocking lifts the lock of five wrong codes too', async () => {
    const id = await userId(t, 'demo.bk');
    const client = authClient(t);
    const login = await client.post('/api/auth/v1/login', { username: 'demo.bk', password: DEMO_PASSWORD });
    const { requestCode } = login.json() as { requestCode: string };
    const otp = await latestOtp(t, 'demo.bk', 'login');
    for (let i = 1; i <= 5; i += 1) await client.post('/api/auth/v1/login/mfa', { requestCode, otp: wrongOtp(otp) });
    const refused = await client.post('/api/auth/v1/login', { username: 'demo.bk', password: DEMO_PASSWORD });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ messageKey: 'otp_locked' });
    expect((await listed(admin, id))?.status).toBe('locked');

    expect((await admin.post(`${USERS}/${id}/unlock`)).statusCode).toBe(200);
    expect((await listed(admin, id))?.status).toBe('active');
    const session = await signIn(t, client, 'demo.bk');
    expect(session.user.username).toBe('demo.bk');
  });

  it('resetting passkeys deletes every passkey of the user, and only theirs', async () => {
    const id = await userId(t, 'demo.as');
    const adminPasskey = {
      userId: admin.userId,
      credentialId: 'cred-admin',
      publicKey: 'pk',
      deviceType: 'multiDevice',
      name: 'Admin phone',
      createdDate: new Date(),
    };
    await t.db
      .insert(passkey)
      .values([
        { ...adminPasskey, userId: id, credentialId: 'cred-as-1', name: 'Phone' },
        { ...adminPasskey, userId: id, credentialId: 'cred-as-2', name: 'Laptop' },
        adminPasskey,
      ]);
    expect((await listed(admin, id))?.passkeyCount).toBe(2);

    const res = await admin.post(`${USERS}/${id}/reset-passkeys`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AgencyUserActionResponse).user.passkeyCount).toBe(0);
    expect(await t.db.select().from(passkey).where(eq(passkey.userId, id))).toHaveLength(0);
    expect(await t.db.select().from(passkey).where(eq(passkey.userId, admin.userId))).toHaveLength(1);
    const [row] = await audited(id, 'passkeys_reset');
    expect(row?.details).toEqual({ deleted: 2 });
  });

  it('resends the set-password link that the users import sends, unless the user is deactivated', async () => {
    const id = await userId(t, 'demo.aa2');
    const res = await admin.post(`${USERS}/${id}/send-set-password-link`);
    expect(res.statusCode, res.body).toBe(200);
    const [message] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.username, 'demo.aa2'), eq(outbox.purpose, 'set-password')));
    const [user] = await t.db.select().from(appUser).where(eq(appUser.id, id));
    expect(message).toMatchObject({ channel: 'sms', to: user!.phone });
    expect(message!.body).toContain('demo.aa2');
    expect(message!.payload?.link).toMatch(/\/auth\/signin\/forgot-password$/);
    expect(message!.body).toContain(message!.payload!.link);
    expect(await audited(id, 'set_password_link_sent')).toHaveLength(1);

    expect((await admin.post(`${USERS}/${id}/deactivate`)).statusCode).toBe(200);
    const refused = await admin.post(`${USERS}/${id}/send-set-password-link`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 'agency_user_deactivated', messageKey: 'agency_user_deactivated' });
    expect(
      await t.db
        .select()
        .from(outbox)
        .where(and(eq(outbox.username, 'demo.aa2'), eq(outbox.purpose, 'set-password'))),
    ).toHaveLength(1);
    expect(await audited(id, 'set_password_link_sent')).toHaveLength(1);
  });
});
