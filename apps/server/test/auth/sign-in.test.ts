import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { appUser } from '../../src/db/schema/app-user.table';
import { auditLog } from '../../src/db/schema/audit-log.table';
import { loginAttempt } from '../../src/db/schema/login-attempt.table';
import { DEMO_PASSWORD } from '../../src/db/seed-demo';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { authClient, latestOtp, outboxCount, resetClock, setClock, signIn, wrongOtp } from './auth-client';

describe('two-step sign-in (DESIGN.md §3)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());
  beforeEach(() => resetClock(t));

  it('signs in with password then the OTP sent by SMS', async () => {
    const client = authClient(t);
    const login = await client.post('/api/auth/v1/login', { username: 'Demo.AAP ', password: DEMO_PASSWORD });
    expect(login.statusCode).toBe(200);
    const body = login.json();
    expect(body).toEqual({
      mfaRequired: true,
      requestCode: expect.any(String),
      maskedPhone: '+855*****601',
      expiresIn: 300,
      resendIn: 120,
    });
    expect(body.requestCode.length).toBeGreaterThanOrEqual(43);

    const otp = await latestOtp(t, 'demo.aap', 'login');
    expect(otp).toMatch(/^\d{6}$/);
    const mfa = await client.post('/api/auth/v1/login/mfa', { requestCode: body.requestCode, otp });
    expect(mfa.statusCode).toBe(200);
    const session = mfa.json();
    expect(session).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      expiresIn: 900,
      user: { username: 'demo.aap', displayName: 'Sokha Chan', roles: ['ROLE_AAP'], alias: 'AAP' },
    });
    expect(session.scopes).toEqual(expect.arrayContaining(['contact', 'proposal', 'user']));

    // The OTP is single use.
    const again = await client.post('/api/auth/v1/login/mfa', { requestCode: body.requestCode, otp });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ code: 1031, messageKey: 'request_code_invalid' });

    // The token opens a signed-in call.
    const passkeys = await client.get('/api/auth/v1/webauthn', { token: session.accessToken });
    expect(passkeys.statusCode).toBe(200);

    // The sign-in is recorded with the client address, and audited.
    const [user] = await t.db.select().from(appUser).where(eq(appUser.username, 'demo.aap'));
    const events = await t.db.select().from(loginAttempt).where(eq(loginAttempt.userId, user!.id));
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['password_ok', 'otp_sent', 'signed_in']));
    expect(events.every((e) => e.ip === client.ip)).toBe(true);
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.entityId, user!.id));
    expect(audits.some((a) => a.action === 'login' && a.ip === client.ip)).toBe(true);
  });

  it('answers a wrong password and an unknown username identically', async () => {
    const client = authClient(t);
    const wrong = await client.post('/api/auth/v1/login', { username: 'demo.bk', password: 'Not-the-password-1' });
    const unknown = await client.post('/api/auth/v1/login', { username: 'nobody.here', password: 'Not-the-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ code: 1024, messageKey: 'invalid_credentials' });
    expect(unknown.body).toBe(wrong.body);
    expect(await outboxCount(t, 'demo.bk')).toBe(0);
  });

  it('spends about the same time on unknown usernames (an argon2 verify against a dummy hash)', async () => {
    const client = authClient(t);
    const time = async (username: string) => {
      const start = performance.now();
      await client.post('/api/auth/v1/login', { username, password: 'Not-the-password-1' });
      return performance.now() - start;
    };
    await time('nobody.warmup');
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      known.push(await time('demo.as'));
      unknown.push(await time(`nobody.${i}`));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1] as number;
    // argon2 dominates both (several ms); without the dummy verify an unknown name costs ~nothing.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });

  it('refuses a wrong OTP with 1031, and kills the request at the fifth', async () => {
    const client = authClient(t);
    const login = await client.post('/api/auth/v1/login', { username: 'demo.as', password: DEMO_PASSWORD });
    const { requestCode } = login.json();
    const otp = await latestOtp(t, 'demo.as', 'login');
    for (let i = 1; i <= 4; i += 1) {
      const res = await client.post('/api/auth/v1/login/mfa', { requestCode, otp: wrongOtp(otp) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 1031, messageKey: 'request_code_invalid' });
    }
    const fifth = await client.post('/api/auth/v1/login/mfa', { requestCode, otp: wrongOtp(otp) });
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'otp_locked', messageKey: 'otp_locked', retryAfter: 900 });
    expect(fifth.headers['retry-after']).toBe('900');

    // Even the right OTP no longer works, and no new OTP is sent for 15 minutes.
    const right = await client.post('/api/auth/v1/login/mfa', { requestCode, otp });
    expect(right.statusCode).not.toBe(200);
    const relogin = await client.post('/api/auth/v1/login', { username: 'demo.as', password: DEMO_PASSWORD });
    expect(relogin.statusCode).toBe(429);
    expect(relogin.json()).toMatchObject({ messageKey: 'otp_locked' });

    setClock(t, new Date(Date.now() + 15 * 60 * 1000 + 1000));
    const after = await client.post('/api/auth/v1/login', { username: 'demo.as', password: DEMO_PASSWORD });
    expect(after.statusCode).toBe(200);
  });

  it('expires an OTP after 5 minutes', async () => {
    const client = authClient(t);
    const start = new Date();
    setClock(t, start);
    const login = await client.post('/api/auth/v1/login', { username: 'demo.trainee', password: DEMO_PASSWORD });
    const { requestCode } = login.json();
    const otp = await latestOtp(t, 'demo.trainee', 'login');
    setClock(t, new Date(start.getTime() + 5 * 60 * 1000 + 1));
    const late = await client.post('/api/auth/v1/login/mfa', { requestCode, otp });
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ code: 1031, messageKey: 'request_code_invalid' });
    setClock(t, new Date(start.getTime() + 4 * 60 * 1000));
    const inTime = await client.post('/api/auth/v1/login/mfa', { requestCode, otp });
    expect(inTime.statusCode).toBe(200);
  });

  it('resends only after the 2-minute countdown, at most 5 sends an hour', async () => {
    const client = authClient(t);
    const start = new Date();
    setClock(t, start);
    const login = await client.post('/api/auth/v1/login', { username: 'demo.aa', password: DEMO_PASSWORD });
    const { requestCode } = login.json();
    const first = await latestOtp(t, 'demo.aa', 'login');

    const early = await client.post('/api/auth/v1/otp/resend', { requestCode });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toEqual({ code: 'otp_resend_too_soon', messageKey: 'otp_resend_too_soon', retryAfter: 120 });

    let now = start.getTime();
    for (let send = 2; send <= 5; send += 1) {
      now += 121 * 1000;
      setClock(t, new Date(now));
      const res = await client.post('/api/auth/v1/otp/resend', { requestCode });
      expect(res.statusCode, `send ${send}`).toBe(200);
      expect(res.json()).toEqual({ expiresIn: 300, resendIn: 120 });
    }
    expect(await outboxCount(t, 'demo.aa')).toBe(5);
    const newest = await latestOtp(t, 'demo.aa', 'login');

    now += 121 * 1000;
    setClock(t, new Date(now));
    const sixth = await client.post('/api/auth/v1/otp/resend', { requestCode });
    expect(sixth.statusCode).toBe(429);
    const sixthBody = sixth.json();
    expect(sixthBody).toMatchObject({ code: 'otp_send_limit', messageKey: 'otp_send_limit' });
    // The first send leaves the hour 3600 s after it was made.
    expect(sixthBody.retryAfter).toBe(Math.ceil((start.getTime() + 3600_000 - now) / 1000));
    expect(await outboxCount(t, 'demo.aa')).toBe(5);

    // Only the newest OTP works (a resend replaces the code).
    if (newest !== first) {
      const old = await client.post('/api/auth/v1/login/mfa', { requestCode, otp: first });
      expect(old.statusCode).toBe(401);
    }
    const ok = await client.post('/api/auth/v1/login/mfa', { requestCode, otp: newest });
    expect(ok.statusCode).toBe(200);
  });

  it('locks the account after 10 wrong passwords; then even the right one gets 429 until it expires', async () => {
    const client = authClient(t);
    const start = new Date();
    setClock(t, start);
    // A session already open on the advisor's phone.
    const open = await signIn(t, authClient(t), 'demo.can');
    for (let i = 1; i <= 10; i += 1) {
      const res = await client.post(
        '/api/auth/v1/login',
        { username: 'demo.can', password: `Wrong-password-${i}` },
        { ip: `10.200.0.${i}` },
      );
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const locked = await client.post('/api/auth/v1/login', { username: 'demo.can', password: DEMO_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ code: 'account_locked', messageKey: 'account_locked', retryAfter: 900 });
    const lockedWrong = await client.post('/api/auth/v1/login', { username: 'demo.can', password: 'Wrong-password-x' });
    expect(lockedWrong.body).toBe(locked.body);
    // The lock stops new sign-ins only: the open session goes on, and is refreshed.
    expect((await client.get('/api/user/v1/profile', { token: open.accessToken })).statusCode).toBe(200);
    expect((await client.post('/api/auth/v1/refresh', { refreshToken: open.refreshToken })).statusCode).toBe(200);

    setClock(t, new Date(start.getTime() + 10 * 60 * 1000));
    const later = await client.post('/api/auth/v1/login', { username: 'demo.can', password: DEMO_PASSWORD });
    expect(later.json()).toMatchObject({ messageKey: 'account_locked', retryAfter: 300 });

    setClock(t, new Date(start.getTime() + 15 * 60 * 1000 + 1000));
    const unlocked = await client.post('/api/auth/v1/login', { username: 'demo.can', password: DEMO_PASSWORD });
    expect(unlocked.statusCode).toBe(200);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'account_locked'));
    expect(audits).toHaveLength(1);
  });

  it('imitates the lock for unknown usernames, so it reveals nothing', async () => {
    const client = authClient(t);
    for (let i = 1; i <= 10; i += 1) {
      const res = await client.post(
        '/api/auth/v1/login',
        { username: 'ghost.user', password: `Wrong-password-${i}` },
        { ip: `10.201.0.${i}` },
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await client.post('/api/auth/v1/login', { username: 'ghost.user', password: 'Wrong-password-x' });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ code: 'account_locked', messageKey: 'account_locked', retryAfter: 900 });
  });

  it('limits sign-in attempts per client address', async () => {
    const client = authClient(t);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      statuses.push((await client.post('/api/auth/v1/login', { username: `spray.${i}`, password: 'Wrong-password-1' })).statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('validates the body with form error keys', async () => {
    const client = authClient(t);
    const res = await client.post('/api/auth/v1/login', { username: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { field: 'username', key: 'required' },
        { field: 'password', key: 'required' },
      ]),
    );
    const otp = await client.post('/api/auth/v1/login/mfa', { requestCode: 'x', otp: '12ab56' });
    expect(otp.json().errors).toEqual([{ field: 'otp', key: 'pattern' }]);
  });

  it('uses a signed-in session from signIn()', async () => {
    const session = await signIn(t, authClient(t), 'demo.bk');
    expect(session.user.roles).toEqual(['ROLE_BK']);
  });
});
