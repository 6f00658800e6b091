// Helpers for the sign-in, password and passkey browser tests: OTPs from the dev outbox under the
// per-user lock, calls made the way the app makes them (XSRF header), the stored login, the idle
// timer overrides and Chromium's virtual authenticator (DevTools Protocol WebAuthn domain).
import type { APIResponse, BrowserContext, CDPSession, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { withFileLock } from './file-lock';
import { messageId, otpLockName, readOutbox, waitForNewOtp } from './sign-in';

/**
 * Runs `action` (which makes the app send `username` an OTP) and answers the new code. One
 * OTP at a time per user: the same lock as `signIn`, so parallel workers never read each
 * other's codes.
 */
export async function withNewOtp(
  page: Page,
  username: string,
  purpose: 'login' | 'reset' | 'profile',
  action: () => Promise<void>,
): Promise<string> {
  return withFileLock(otpLockName(page, username), async () => {
    const seen = new Set((await readOutbox(page.request, username)).map(messageId));
    await action();
    return waitForNewOtp(page.request, username, seen, purpose);
  });
}

/** The stored login (localStorage `token`, DESIGN.md §6), or null. */
export async function storedLogin(page: Page): Promise<{ accessToken: string; refreshToken: string } | null> {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem('token');
    return raw ? (JSON.parse(raw) as { accessToken: string; refreshToken: string }) : null;
  });
}

async function xsrfToken(context: BrowserContext, page: Page): Promise<string> {
  let cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  if (!cookie) {
    await page.request.get('/api/health');
    cookie = (await context.cookies()).find((c) => c.name === 'XSRF-TOKEN');
  }
  if (!cookie) throw new Error('the server set no XSRF-TOKEN cookie');
  return decodeURIComponent(cookie.value);
}

/** A POST as the app sends it: JSON, the XSRF header from the cookie, and a bearer token if given. */
export async function apiPost(page: Page, path: string, body: unknown, accessToken?: string): Promise<APIResponse> {
  const headers: Record<string, string> = { 'X-XSRF-TOKEN': await xsrfToken(page.context(), page) };
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  return page.request.post(path, { data: body, headers });
}

/** A GET with a bearer token. */
export async function apiGet(page: Page, path: string, accessToken: string): Promise<APIResponse> {
  return page.request.get(path, { headers: { Authorization: `Bearer ${accessToken}` } });
}

/**
 * Shortens the idle timers for every page of the context, through the localStorage overrides
 * the app documents (apps/web/src/lib/idle-timer.ts): seconds, used when positive.
 */
export async function setIdleTimers(
  context: BrowserContext,
  seconds: { timeout: number; warning: number; keepAlive?: number },
): Promise<void> {
  await context.addInitScript((s) => {
    window.localStorage.setItem('portal.idleTimeoutSeconds', String(s.timeout));
    window.localStorage.setItem('portal.idleWarningSeconds', String(s.warning));
    if (s.keepAlive) window.localStorage.setItem('portal.keepAliveSeconds', String(s.keepAlive));
  }, seconds);
}

export interface VirtualAuthenticator {
  cdp: CDPSession;
  authenticatorId: string;
  credentials(): Promise<{ credentialId: string; isResidentCredential: boolean; signCount: number }[]>;
}

/**
 * A platform authenticator with user verification (fingerprint/face) for this page, answering
 * every prompt at once. http://localhost is a secure context, and the server's rpID is localhost.
 */
export async function addVirtualAuthenticator(page: Page): Promise<VirtualAuthenticator> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    cdp,
    authenticatorId,
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials;
    },
  };
}

/** Sets the password of an imported user through the set-password link's flow (forgot password). */
export async function setPassword(page: Page, username: string, password: string): Promise<void> {
  let requestCode = '';
  const otp = await withNewOtp(page, username, 'reset', async () => {
    const res = await apiPost(page, '/api/auth/v1/otp/reset', { username });
    expect(res.status(), await res.text()).toBe(200);
    requestCode = ((await res.json()) as { requestCode: string }).requestCode;
  });
  const verified = await apiPost(page, '/api/auth/v1/otp/verify', { requestCode, otp });
  expect(verified.status(), await verified.text()).toBe(200);
  const reset = await apiPost(page, '/api/auth/v1/reset', { requestCode, password, confirmedPassword: password });
  expect(reset.status(), await reset.text()).toBe(200);
}
