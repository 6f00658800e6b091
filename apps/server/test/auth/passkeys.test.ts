import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../src/db/schema/audit-log.table';
import { passkey } from '../../src/db/schema/passkey.table';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { authClient, latestOtp, signIn, type AuthClient, type Session } from './auth-client';
import { SoftwareAuthenticator } from './software-authenticator';

const HOST = { host: 'localhost:3000' };

describe('passkeys (WebAuthn, @simplewebauthn/server)', () => {
  let t: TestApp;
  let client: AuthClient;
  let session: Session;
  const authenticator = new SoftwareAuthenticator('http://localhost:3000');

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
    client = authClient(t);
    session = await signIn(t, client, 'demo.aap');
  });
  afterAll(() => t.close());

  const post = (url: string, body: unknown, token?: string) => client.post(url, body, { headers: HOST, ...(token ? { token } : {}) });

  async function verifiedProfileRequest(token: string, username: string): Promise<string> {
    const sent = await post('/api/auth/v1/otp/bind', {}, token);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ maskedPhone: expect.stringMatching(/^\+855\*+\d{3}$/), expiresIn: 300, resendIn: 120 });
    const { requestCode } = sent.json();
    const otp = await latestOtp(t, username, 'profile');
    const verified = await post('/api/auth/v1/otp/verify', { requestCode, otp });
    expect(verified.json()).toEqual({ verified: true, purpose: 'profile', expiresIn: 600 });
    return requestCode;
  }

  it('needs a verified profile OTP before registration options', async () => {
    const res = await post('/api/auth/v1/attestations', { requestCode: 'not-verified' }, session.accessToken);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 1031, messageKey: 'request_code_invalid' });
    const sent = await post('/api/auth/v1/otp/bind', {}, session.accessToken);
    const unverified = await post('/api/auth/v1/attestations', { requestCode: sent.json().requestCode }, session.accessToken);
    expect(unverified.json()).toMatchObject({ code: 1031 });
    expect((await post('/api/auth/v1/attestations', { requestCode: 'x' })).statusCode).toBe(401);
  });

  it('registers a passkey, lists it, and signs in with it', async () => {
    const requestCode = await verifiedProfileRequest(session.accessToken, 'demo.aap');
    const optionsRes = await post('/api/auth/v1/attestations', { requestCode }, session.accessToken);
    expect(optionsRes.statusCode).toBe(200);
    const options = optionsRes.json();
    expect(options).toMatchObject({
      rp: { id: 'localhost' },
      user: { name: 'demo.aap', displayName: 'Sokha Chan' },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });

    const bound = await post(
      '/api/auth/v1/bind',
      { requestCode, response: authenticator.register(options), name: 'Test phone' },
      session.accessToken,
    );
    expect(bound.statusCode, bound.body).toBe(200);
    expect(bound.json()).toMatchObject({ id: expect.any(String), name: 'Test phone', transports: ['internal'], lastUsedDate: null });

    // The verified request is spent by the binding.
    const again = await post('/api/auth/v1/attestations', { requestCode }, session.accessToken);
    expect(again.json()).toMatchObject({ code: 1031 });

    const list = await client.get('/api/auth/v1/webauthn', { token: session.accessToken });
    expect(list.json()).toHaveLength(1);
    const [stored] = await t.db.select().from(passkey).where(eq(passkey.credentialId, authenticator.id));
    expect(stored?.publicKey).toBeTruthy();

    // Sign in: no password, no OTP.
    const assertion = await post('/api/auth/v1/assertions', {});
    expect(assertion.statusCode).toBe(200);
    expect(assertion.json()).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    expect(assertion.json().allowCredentials ?? []).toEqual([]);
    const signedIn = await post('/api/auth/v1/webauthn', { response: authenticator.authenticate(assertion.json()) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json()).toMatchObject({
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
      user: { username: 'demo.aap', roles: ['ROLE_AAP'] },
    });
    const [used] = await t.db.select().from(passkey).where(eq(passkey.credentialId, authenticator.id));
    expect(used?.counter).toBe(authenticator.counter);
    expect(used?.lastUsedDate).not.toBeNull();

    const audits = (await t.db.select().from(auditLog)).map((a) => a.action);
    expect(audits).toEqual(expect.arrayContaining(['passkey_added', 'login']));
  });

  it('refuses replays, a counter that does not grow, other origins, no user verification', async () => {
    const options = async () => (await post('/api/auth/v1/assertions', {})).json();
    const expectRefused = async (response: unknown, why: string) => {
      const res = await post('/api/auth/v1/webauthn', { response });
      expect(res.statusCode, why).toBe(401);
      expect(res.json(), why).toEqual({ code: 1024, messageKey: 'invalid_credentials' });
    };

    const first = await options();
    const good = authenticator.authenticate(first);
    expect((await post('/api/auth/v1/webauthn', { response: good })).statusCode).toBe(200);
    await expectRefused(good, 'replayed assertion (challenge already used)');

    const counterBefore = authenticator.counter;
    await expectRefused(authenticator.authenticate(await options(), { counter: counterBefore }), 'counter did not grow');
    await expectRefused(authenticator.authenticate(await options(), { origin: 'https://evil.example' }), 'other origin');
    await expectRefused(authenticator.authenticate(await options(), { rpId: 'evil.example' }), 'other rpID');
    await expectRefused(authenticator.authenticate(await options(), { userVerified: false }), 'no user verification');
    await expectRefused(authenticator.authenticate(await options(), { challenge: 'bm90LWlzc3VlZA' }), 'challenge we never issued');
    await expectRefused(authenticator.authenticate(await options(), { type: 'webauthn.create' }), 'wrong ceremony type');
    const stranger = new SoftwareAuthenticator('http://localhost:3000');
    await expectRefused(stranger.authenticate(await options()), 'unknown credential');

    // Still fine afterwards.
    expect((await post('/api/auth/v1/webauthn', { response: authenticator.authenticate(await options()) })).statusCode).toBe(200);
  });

  it('refuses a registration without user verification or from another origin', async () => {
    for (const sign of [{ userVerified: false }, { origin: 'https://evil.example' }]) {
      const requestCode = await verifiedProfileRequest(session.accessToken, 'demo.aap');
      const options = (await post('/api/auth/v1/attestations', { requestCode }, session.accessToken)).json();
      const res = await post(
        '/api/auth/v1/bind',
        { requestCode, response: new SoftwareAuthenticator().register(options, sign) },
        session.accessToken,
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ code: 'passkey_verification_failed', messageKey: 'passkey_verification_failed' });
    }
    expect((await client.get('/api/auth/v1/webauthn', { token: session.accessToken })).json()).toHaveLength(1);
  });

  it('lets only the owner delete a passkey; a deleted passkey no longer signs in', async () => {
    const [{ id }] = (await client.get('/api/auth/v1/webauthn', { token: session.accessToken })).json();
    const other = await signIn(t, client, 'demo.aap2');
    expect((await client.get('/api/auth/v1/webauthn', { token: other.accessToken })).json()).toEqual([]);
    const notYours = await post('/api/auth/v1/delete/webauthn', { id }, other.accessToken);
    expect(notYours.statusCode).toBe(404);
    expect((await post('/api/auth/v1/delete/webauthn', { id: 'not-a-uuid' }, session.accessToken)).statusCode).toBe(404);

    const deleted = await post('/api/auth/v1/delete/webauthn', { id }, session.accessToken);
    expect(deleted.statusCode).toBe(200);
    expect((await client.get('/api/auth/v1/webauthn', { token: session.accessToken })).json()).toEqual([]);
    const options = (await post('/api/auth/v1/assertions', {})).json();
    expect((await post('/api/auth/v1/webauthn', { response: authenticator.authenticate(options) })).statusCode).toBe(401);
    const audits = (await t.db.select().from(auditLog)).map((a) => a.action);
    expect(audits).toContain('passkey_removed');
  });
});
