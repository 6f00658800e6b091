import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileResponseSchema } from '@portal/domain/contracts/user/profile';
import { DEMO_PASSWORD } from '../../src/db/seed-demo';
import { authClient, latestOtp, signIn, type AuthClient, type Session } from '../auth/auth-client';
import { createTestApp, type TestApp } from '../helpers/test-app';

const PROFILE = '/api/user/v1/profile';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
}, 60_000);
afterAll(() => t.close());

async function session(username: string): Promise<{ client: AuthClient; s: Session }> {
  const client = authClient(t);
  return { client, s: await signIn(t, client, username) };
}

/** A verified profile OTP request, through the same calls as binding a passkey. */
async function verifiedProfileRequest(client: AuthClient, s: Session, username: string): Promise<string> {
  const sent = await client.post('/api/auth/v1/otp/bind', {}, { token: s.accessToken });
  expect(sent.statusCode, sent.body).toBe(200);
  const { requestCode } = sent.json() as { requestCode: string };
  const verified = await client.post('/api/auth/v1/otp/verify', { requestCode, otp: await latestOtp(t, username, 'profile') });
  expect(verified.statusCode, verified.body).toBe(200);
  return requestCode;
}

describe('profile', () => {
  it('shows name, agent code, agency, roles, phone, e-mail, language and the current session', async () => {
    const { client, s } = await session('demo.aap');
    const res = await client.get(PROFILE, { token: s.accessToken });
    expect(res.statusCode).toBe(200);
    const body = profileResponseSchema.parse(res.json());
    expect(body).toMatchObject({
      username: 'demo.aap',
      displayName: 'Sokha Chan',
      displayNameKh: 'ចាន់ សុខា',
      agentCode: 'AAP00001',
      agency: { code: 'AG-PNH-01', name: 'Phnom Penh Central Agency' },
      roles: ['ROLE_AAP'],
      phone: '+85512345601',
      preferredLang: 'en',
    });
    expect(body.sessions.filter((x) => x.current)).toHaveLength(1);
  });

  it('changes the phone only with a verified profile OTP, once per code, and refuses a stale version', async () => {
    const { client, s } = await session('demo.aap2');
    const profile = (await client.get(PROFILE, { token: s.accessToken })).json();
    const change = (body: Record<string, unknown>) =>
      client.post(PROFILE, { action: 'updateContact', version: profile.version, ...body }, { token: s.accessToken });

    // No request code: 422; a code that was sent but not verified: 1031.
    const none = await change({ phone: '097-123-4567' });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual([{ field: 'requestCode', key: 'required' }]);
    const unverified = (await client.post('/api/auth/v1/otp/bind', {}, { token: s.accessToken })).json().requestCode as string;
    const refused = await change({ phone: '097-123-4567', requestCode: unverified });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ code: 1031, messageKey: 'request_code_invalid' });
    expect((await client.get(PROFILE, { token: s.accessToken })).json().phone).toBe('+85512345602');

    // A bad phone is a field error.
    const code = await verifiedProfileRequest(client, s, 'demo.aap2');
    const bad = await change({ phone: '12ab', requestCode: code });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual([{ field: 'phone', key: 'pattern' }]);

    const ok = await change({ phone: '097-123-4567', email: 'dara.keo@example.com', requestCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ phone: '+855971234567', email: 'dara.keo@example.com', version: profile.version + 1 });
    // The code is spent.
    const again = await change({ phone: '012-999-888', requestCode: code, version: profile.version + 1 });
    expect(again.statusCode).toBe(401);
    // A stale version, with a fresh code: 409.
    const fresh = await verifiedProfileRequest(client, s, 'demo.aap2');
    const stale = await change({ email: '', requestCode: fresh });
    expect(stale.statusCode, stale.body).toBe(409);
  });

  it('keeps the language on the account and hands it over at sign-in', async () => {
    const { client, s } = await session('demo.bk');
    const res = await client.post(PROFILE, { action: 'setLanguage', preferredLang: 'km' }, { token: s.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().preferredLang).toBe('km');
    expect((await client.post(PROFILE, { action: 'setLanguage', preferredLang: 'fr' }, { token: s.accessToken })).statusCode).toBe(422);
    const next = await session('demo.bk');
    expect((next.s.user as { preferredLang?: string }).preferredLang).toBe('km');
  });

  it('still changes the password through the profile path', async () => {
    const { client, s } = await session('demo.as');
    const res = await client.post(
      PROFILE,
      {
        action: 'changePassword',
        currentPassword: DEMO_PASSWORD,
        password: 'Kampot#River2031',
        confirmedPassword: 'Kampot#River2031',
      },
      { token: s.accessToken },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    const wrong = await client.post(
      PROFILE,
      {
        action: 'changePassword',
        currentPassword: 'not-my-password',
        password: 'Kampot#River2032',
        confirmedPassword: 'Kampot#River2032',
      },
      { token: s.accessToken },
    );
    expect(wrong.statusCode).toBe(422);
  });

  it('lists active sessions and signs out the others, not the current one', async () => {
    const first = await session('demo.aa');
    const second = await session('demo.aa');
    const listed = (await first.client.get(PROFILE, { token: first.s.accessToken })).json();
    expect(listed.sessions.length).toBeGreaterThanOrEqual(2);
    expect(listed.sessions.filter((x: { current: boolean }) => x.current)).toHaveLength(1);

    // Another user's session id is not found.
    const other = await session('demo.aap');
    const otherId = (await other.client.get(PROFILE, { token: other.s.accessToken }))
      .json()
      .sessions.find((x: { current: boolean }) => x.current).id;
    expect(
      (await first.client.post(PROFILE, { action: 'signOutSession', sessionId: otherId }, { token: first.s.accessToken })).statusCode,
    ).toBe(404);

    const res = await first.client.post(PROFILE, { action: 'signOutOtherSessions' }, { token: first.s.accessToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().sessions).toHaveLength(1);
    expect(res.json().sessions[0].current).toBe(true);
    // The other session is over: its access and refresh tokens no longer work; this one does.
    expect((await second.client.get(PROFILE, { token: second.s.accessToken })).statusCode).toBe(401);
    expect((await second.client.post('/api/auth/v1/refresh', { refreshToken: second.s.refreshToken })).statusCode).toBe(401);
    expect((await first.client.get(PROFILE, { token: first.s.accessToken })).statusCode).toBe(200);
    // And the other user's session was untouched.
    expect((await other.client.get(PROFILE, { token: other.s.accessToken })).statusCode).toBe(200);
  });
});
