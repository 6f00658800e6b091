// Signing in as a person does: the sign-in form, then the one-time password, read from the dev
// outbox (PORTAL_DEV_OUTBOX=1) the way `npm start` tells a developer to read it.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { withFileLock } from './file-lock';

export const DEMO_PASSWORD = 'Demo@Portal2026';

export type OutboxMessage = {
  to: string;
  channel: string;
  purpose: string;
  body: string;
  otp?: string;
  link?: string;
  createdAt: string;
};

/** GET /api/dev/outbox?to=… : the messages sent to a username or phone, newest first. */
export async function readOutbox(request: APIRequestContext, to: string): Promise<OutboxMessage[]> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(res.status(), `GET /api/dev/outbox?to=${to}`).toBe(200);
  const body: unknown = await res.json();
  if (!Array.isArray(body)) throw new Error(`GET /api/dev/outbox?to=${to} did not answer a list: ${JSON.stringify(body).slice(0, 200)}`);
  return body as OutboxMessage[];
}

export const messageId = (m: OutboxMessage) => `${m.createdAt}|${m.purpose}|${m.otp ?? ''}|${m.body}`;

/** Polls the outbox until a message with an OTP that was not there before arrives (of `purpose`, when given). */
export async function waitForNewOtp(request: APIRequestContext, to: string, seen: Set<string>, purpose?: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const fresh = (await readOutbox(request, to)).find((m) => m.otp && !seen.has(messageId(m)) && (!purpose || m.purpose === purpose));
    if (fresh?.otp) return fresh.otp;
    if (Date.now() > deadline) throw new Error(`no new one-time password for ${to} in the dev outbox after 15 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Submits the form that holds `field`, with its submit button as a person would. */
async function submitFormOf(page: Page, field: string): Promise<void> {
  const form = page.locator('form').filter({ has: page.locator(field) });
  const button = form.locator('button[type=submit], input[type=submit]');
  if ((await button.count()) > 0) await button.first().click();
  else await page.locator(field).press('Enter');
}

/** The lock under which one OTP at a time is requested and read for a user of this server. */
export function otpLockName(page: Page, username: string): string {
  return `signin-${new URL(page.url()).port}-${username}`;
}

/**
 * Signs in through the UI: /auth/signin (unless the page is already there, e.g. after a
 * redirect that carries ?next=), username + password, then the OTP from the dev outbox.
 * Resolves once the app has moved on to a /home URL.
 */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  if (!/^\/auth\/signin\/?$/.test(new URL(page.url(), 'http://x').pathname)) await page.goto('/auth/signin');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  // Two workers signing the same user in at once would each see the other's OTP (and a new
  // sign-in may void the previous code): one sign-in at a time per user and server.
  await withFileLock(otpLockName(page, username), async () => {
    const seen = new Set((await readOutbox(page.request, username)).map(messageId));
    await submitFormOf(page, 'input[name=password]');
    const otp = await waitForNewOtp(page.request, username, seen);
    await page.locator('input[name=otp]').fill(otp);
    await submitFormOf(page, 'input[name=otp]');
    await page.waitForURL((url) => url.pathname === '/home' || url.pathname.startsWith('/home/'), { timeout: 20_000 });
  });
}
