import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/db/schema/audit-log.table';
import { loginAttempt } from '../../src/db/schema/login-attempt.table';
import { DEMO_PASSWORD } from '../../src/db/seed-demo';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { authClient, latestOtp, wrongOtp } from './auth-client';
import { SoftwareAuthenticator } from './software-authenticator';

describe('no password, OTP, token, request code or passkey secret in any log line', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true, config: { logLevel: 'trace' } });
  });
  afterAll(() => t.close());

  it('keeps every secret of every flow out of the captured logs and the audit trail', async () => {
    const client = authClient(t);
    const secrets: string[] = [DEMO_PASSWORD, 'Wrong-Password-77!', 'Tr1cky-Meadow-Lamp', 'Kettle-Orbit-77!'];
    const host = { host: 'localhost:3000' };

    await client.post('/api/auth/v1/login', { username: 'demo.aap', password: 'Wrong-Password-77!' });
    const login = (await client.post('/api/auth/v1/login', { username: 'demo.aap', password: DEMO_PASSWORD })).json();
    const otp = await latestOtp(t, 'demo.aap', 'login');
    secrets.push(login.requestCode, otp);
    await client.post('/api/auth/v1/login/mfa', { requestCode: login.requestCode, otp: wrongOtp(otp) });
    const session = (await client.post('/api/auth/v1/login/mfa', { requestCode: login.requestCode, otp })).json();
    secrets.push(session.accessToken, session.refreshToken);
    const refreshed = (await client.post('/api/auth/v1/refresh', { refreshToken: session.refreshToken })).json();
    secrets.push(refreshed.accessToken, refreshed.refreshToken);
    await client.post('/api/auth/v1/refresh', { refreshToken: session.refreshToken }); // reuse: revokes the family

    const reset = (await client.post('/api/auth/v1/otp/reset', { username: 'demo.bk' })).json();
    const resetOtp = await latestOtp(t, 'demo.bk', 'reset');
    secrets.push(reset.requestCode, resetOtp);
    await client.post('/api/auth/v1/otp/verify', { requestCode: reset.requestCode, otp: resetOtp });
    await client.post('/api/auth/v1/reset', { requestCode: reset.requestCode, password: 'P@ssw0rd', confirmedPassword: 'P@ssw0rd' });
    await client.post('/api/auth/v1/reset', {
      requestCode: reset.requestCode,
      password: 'Tr1cky-Meadow-Lamp',
      confirmedPassword: 'Tr1cky-Meadow-Lamp',
    });

    // A new session for the profile calls, then passkey registration and sign-in.
    const again = (await client.post('/api/auth/v1/login', { username: 'demo.aap', password: DEMO_PASSWORD })).json();
    const againOtp = await latestOtp(t, 'demo.aap', 'login');
    const live = (await client.post('/api/auth/v1/login/mfa', { requestCode: again.requestCode, otp: againOtp })).json();
    secrets.push(again.requestCode, againOtp, live.accessToken, live.refreshToken);
    await client.post(
      '/api/user/v1/profile',
      {
        action: 'changePassword',
        currentPassword: 'Wrong-Password-77!',
        password: 'Kettle-Orbit-77!',
        confirmedPassword: 'Kettle-Orbit-77!',
      },
      { token: live.accessToken },
    );

    const bind = (await client.post('/api/auth/v1/otp/bind', {}, { token: live.accessToken, headers: host })).json();
    const bindOtp = await latestOtp(t, 'demo.aap', 'profile');
    secrets.push(bind.requestCode, bindOtp);
    await client.post('/api/auth/v1/otp/verify', { requestCode: bind.requestCode, otp: bindOtp });
    const authenticator = new SoftwareAuthenticator();
    const options = (
      await client.post('/api/auth/v1/attestations', { requestCode: bind.requestCode }, { token: live.accessToken, headers: host })
    ).json();
    const registration = authenticator.register(options);
    secrets.push(options.challenge, registration.response.attestationObject, registration.response.clientDataJSON);
    await client.post(
      '/api/auth/v1/bind',
      { requestCode: bind.requestCode, response: registration },
      { token: live.accessToken, headers: host },
    );
    const assertionOptions = (await client.post('/api/auth/v1/assertions', {}, { headers: host })).json();
    const assertion = authenticator.authenticate(assertionOptions);
    secrets.push(assertionOptions.challenge, assertion.response.signature, assertion.response.authenticatorData);
    const passkeySession = (await client.post('/api/auth/v1/webauthn', { response: assertion }, { headers: host })).json();
    expect(passkeySession.accessToken).toBeTruthy();
    secrets.push(passkeySession.accessToken, passkeySession.refreshToken);
    await client.post('/api/auth/v1/logout', { refreshToken: passkeySession.refreshToken }, { token: passkeySession.accessToken });
    // A bearer header on a failing call, too.
    await client.get('/api/user/v1/dashboard', { headers: { authorization: `Bearer ${live.accessToken}x` } });

    expect(t.logs.lines.length).toBeGreaterThan(20);
    const logs = t.logs.text();
    const audit = JSON.stringify(await t.db.select().from(auditLog));
    const attempts = JSON.stringify(await t.db.select().from(loginAttempt));
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(logs.includes(secret), `log holds ${secret.slice(0, 4)}…`).toBe(false);
      expect(audit.includes(secret), `audit holds ${secret.slice(0, 4)}…`).toBe(false);
      expect(attempts.includes(secret), `login_attempt holds ${secret.slice(0, 4)}…`).toBe(false);
    }
  });
});
