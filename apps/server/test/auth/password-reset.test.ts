import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../src/db/schema/audit-log.table';
import { DEMO_PASSWORD } from '../../src/db/seed-demo';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { authClient, latestOtp, outboxCount, resetClock, setClock, signIn, wrongOtp, type AuthClient } from './auth-client';

const NEW_PASSWORD = 'Tr1cky-Meadow-Lamp';

describe('forgot password -> OTP -> reset, and change password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
  });
  afterAll(() => t.close());
  beforeEach(() => resetClock(t));

  async function verifiedReset(client: AuthClient, username: string): Promise<string> {
    const asked = await client.post('/api/auth/v1/otp/reset', { username });
    expect(asked.statusCode).toBe(200);
    const { requestCode } = asked.json();
    const otp = await latestOtp(t, username, 'reset');
    const verified = await client.post('/api/auth/v1/otp/verify', { requestCode, otp });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({ verified: true, purpose: 'reset', expiresIn: 600 });
    return requestCode;
  }

  it('answers unknown usernames like known ones, and sends nothing then', async () => {
    const client = authClient(t);
    const known = await client.post('/api/auth/v1/otp/reset', { username: 'demo.aap2' });
    const unknown = await client.post('/api/auth/v1/otp/reset', { username: 'nobody.at.all' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(Object.keys(unknown.json()).sort()).toEqual(Object.keys(known.json()).sort());
    expect(unknown.json()).toMatchObject({ expiresIn: 300, resendIn: 120 });
    expect(await outboxCount(t, 'demo.aap2')).toBe(1);
    expect(await outboxCount(t, 'nobody.at.all')).toBe(0);
    // The unknown user's request code leads nowhere, but fails exactly like a wrong OTP.
    const guess = await client.post('/api/auth/v1/otp/verify', { requestCode: unknown.json().requestCode, otp: '123456' });
    expect(guess.statusCode).toBe(401);
    expect(guess.json()).toEqual({ code: 1031, messageKey: 'request_code_invalid' });
    // ...and a resend of it is throttled by the same countdown.
    const resend = await client.post('/api/auth/v1/otp/resend', { requestCode: unknown.json().requestCode });
    expect(resend.json()).toMatchObject({ messageKey: 'otp_resend_too_soon' });
  });

  it('limits OTP sends per client address', async () => {
    const client = authClient(t);
    const responses = [];
    for (let i = 0; i < 11; i += 1) responses.push(await client.post('/api/auth/v1/otp/reset', { username: `spray.${i}` }));
    expect(responses.slice(0, 10).every((r) => r.statusCode === 200)).toBe(true);
    expect(responses[10]?.statusCode).toBe(429);
    expect(responses[10]?.json()).toMatchObject({ code: 429, messageKey: 'too_many_requests', retryAfter: expect.any(Number) });
    // Another address is not affected.
    expect((await authClient(t).post('/api/auth/v1/otp/reset', { username: 'spray.x' })).statusCode).toBe(200);
  });

  it('keeps sign-in apart: reset codes asked and guessed for a username neither use up nor lock its sign-in', async () => {
    const client = authClient(t);
    const start = Date.now();
    const asked: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      setClock(t, new Date(start + i * 121_000));
      const res = await client.post('/api/auth/v1/otp/reset', { username: 'demo.aa' });
      expect(res.statusCode, `reset ${i + 1}`).toBe(200);
      asked.push(res.json().requestCode);
    }
    setClock(t, new Date(start + 5 * 121_000));
    // The sixth is answered like the others (throttles reveal no username) and sends nothing.
    expect((await client.post('/api/auth/v1/otp/reset', { username: 'demo.aa' })).statusCode).toBe(200);
    expect(await outboxCount(t, 'demo.aa')).toBe(5);
    const otp = await latestOtp(t, 'demo.aa', 'reset');
    let last = await client.post('/api/auth/v1/otp/verify', { requestCode: asked[4], otp: wrongOtp(otp) });
    for (let i = 1; i < 5; i += 1) last = await client.post('/api/auth/v1/otp/verify', { requestCode: asked[4], otp: wrongOtp(otp) });
    expect(last.json()).toMatchObject({ messageKey: 'otp_locked' });
    // The reset allowance is spent and locked; the advisor still signs in.
    const session = await signIn(t, authClient(t), 'demo.aa');
    expect(session.accessToken).toEqual(expect.any(String));
    expect(await outboxCount(t, 'demo.aa')).toBe(6);
    // ...and the reset lock still holds: a reset request sends nothing.
    await client.post('/api/auth/v1/otp/reset', { username: 'demo.aa' });
    expect(await outboxCount(t, 'demo.aa')).toBe(6);
  });

  it('refuses each broken rule with its §8 code, then resets', async () => {
    const client = authClient(t);
    const requestCode = await verifiedReset(client, 'demo.aap2');
    const attempt = (password: string, confirmedPassword = password) =>
      client.post('/api/auth/v1/reset', { requestCode, password, confirmedPassword });

    const unmatched = await attempt(NEW_PASSWORD, `${NEW_PASSWORD}x`);
    expect(unmatched.statusCode).toBe(422);
    expect(unmatched.json().errors).toEqual([{ field: 'confirmedPassword', key: 'unmatched' }]);

    const cases: [string, number, string][] = [
      ['Ab1!xyz', 1050, 'password_too_short'],
      ['Zeb!!!!ra-9k', 1051, 'password_repeated_characters'],
      ['Zebra-1234!q', 1052, 'password_sequence_characters'],
      ['P@ssw0rd', 1053, 'password_breached'],
      [DEMO_PASSWORD, 1044, 'password_recently_used'],
      ['Summer2024!', 1006, 'password_not_strong'],
    ];
    for (const [password, code, messageKey] of cases) {
      const res = await attempt(password);
      expect(res.statusCode, password).toBe(422);
      expect(res.json(), password).toMatchObject({ code, messageKey });
    }
    const tooLong = await attempt('x'.repeat(65));
    expect(tooLong.json().errors).toEqual([{ field: 'password', key: 'maxlength' }]);

    const missing = await client.post('/api/auth/v1/reset', { password: NEW_PASSWORD, confirmedPassword: NEW_PASSWORD });
    expect(missing.json()).toMatchObject({ code: 1043, messageKey: 'original_password_or_request_code_required' });

    const ok = await attempt(NEW_PASSWORD);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true });

    // Single use; the new password signs in, the old one no longer does.
    expect((await attempt('Kettle-Orbit-77!')).json()).toMatchObject({ code: 1031 });
    const old = await client.post('/api/auth/v1/login', { username: 'demo.aap2', password: DEMO_PASSWORD });
    expect(old.statusCode).toBe(401);
    await signIn(t, client, 'demo.aap2', NEW_PASSWORD);

    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'password_reset'));
    expect(audits).toHaveLength(1);
  });

  it('needs a verified, live reset request (1031 otherwise)', async () => {
    const client = authClient(t);
    const body = { password: NEW_PASSWORD, confirmedPassword: NEW_PASSWORD };
    expect((await client.post('/api/auth/v1/reset', { ...body, requestCode: 'made-up-code' })).json()).toMatchObject({ code: 1031 });

    const asked = await client.post('/api/auth/v1/otp/reset', { username: 'demo.trainee' });
    const { requestCode } = asked.json();
    const unverified = await client.post('/api/auth/v1/reset', { ...body, requestCode });
    expect(unverified.statusCode).toBe(401);
    expect(unverified.json()).toEqual({ code: 1031, messageKey: 'request_code_invalid' });

    const otp = await latestOtp(t, 'demo.trainee', 'reset');
    expect((await client.post('/api/auth/v1/otp/verify', { requestCode, otp: wrongOtp(otp) })).json()).toMatchObject({ code: 1031 });
    expect((await client.post('/api/auth/v1/otp/verify', { requestCode, otp })).statusCode).toBe(200);

    // A verified request may be used for 10 minutes.
    setClock(t, new Date(Date.now() + 11 * 60 * 1000));
    expect((await client.post('/api/auth/v1/reset', { ...body, requestCode })).json()).toMatchObject({ code: 1031 });
  });

  it('does not let a login OTP request reset a password, nor a reset OTP sign in', async () => {
    const client = authClient(t);
    const login = await client.post('/api/auth/v1/login', { username: 'demo.bk', password: DEMO_PASSWORD });
    const loginCode = login.json().requestCode;
    const loginOtp = await latestOtp(t, 'demo.bk', 'login');
    expect((await client.post('/api/auth/v1/otp/verify', { requestCode: loginCode, otp: loginOtp })).json()).toMatchObject({ code: 1031 });

    const asked = await client.post('/api/auth/v1/otp/reset', { username: 'demo.bk' });
    const resetOtp = await latestOtp(t, 'demo.bk', 'reset');
    const mfa = await client.post('/api/auth/v1/login/mfa', { requestCode: asked.json().requestCode, otp: resetOtp });
    expect(mfa.statusCode).toBe(401);
    expect(mfa.json()).toMatchObject({ code: 1031 });
  });

  it('changes the password from the profile with the current one (1043 missing, 1032 wrong)', async () => {
    const client = authClient(t);
    const session = await signIn(t, client, 'demo.as');
    const other = await signIn(t, client, 'demo.as');
    const change = (body: Record<string, unknown>) =>
      client.post('/api/user/v1/profile', { action: 'changePassword', ...body }, { token: session.accessToken });

    const missing = await change({ password: NEW_PASSWORD, confirmedPassword: NEW_PASSWORD });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      code: 1043,
      messageKey: 'original_password_or_request_code_required',
      errors: [{ field: 'currentPassword', key: 'required' }],
    });
    const wrong = await change({ currentPassword: 'Not-it-at-all-9', password: NEW_PASSWORD, confirmedPassword: NEW_PASSWORD });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({
      code: 1032,
      messageKey: 'current_password_invalid',
      errors: [{ field: 'currentPassword', key: 'invalid' }],
    });
    const unmatched = await change({ currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmedPassword: 'other' });
    expect(unmatched.json().errors).toEqual([{ field: 'confirmedPassword', key: 'unmatched' }]);
    const same = await change({ currentPassword: DEMO_PASSWORD, password: DEMO_PASSWORD, confirmedPassword: DEMO_PASSWORD });
    expect(same.json()).toMatchObject({ code: 1044 });

    const ok = await change({ currentPassword: DEMO_PASSWORD, password: NEW_PASSWORD, confirmedPassword: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    // This session goes on; the user's other sessions are signed out.
    expect((await client.get('/api/auth/v1/webauthn', { token: session.accessToken })).statusCode).toBe(200);
    expect((await client.get('/api/auth/v1/webauthn', { token: other.accessToken })).statusCode).toBe(401);

    // The previous password counts as recently used.
    const back = await change({ currentPassword: NEW_PASSWORD, password: DEMO_PASSWORD, confirmedPassword: DEMO_PASSWORD });
    expect(back.json()).toMatchObject({ code: 1044 });
    const audits = await t.db.select().from(auditLog).where(eq(auditLog.action, 'password_changed'));
    expect(audits).toHaveLength(1);

    // Anonymous callers cannot change anything.
    const anonymous = await client.post('/api/user/v1/profile', {
      action: 'changePassword',
      currentPassword: NEW_PASSWORD,
      password: 'Kettle-Orbit-77!',
      confirmedPassword: 'Kettle-Orbit-77!',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
