// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';
import { i18n } from '../../../lib/i18n';
import { apiError, deferred, json, standInFetch, type Route } from '../../../test/fetch-stand-in';
import { renderScreen } from '../../../test/render';
import type { LoginChallenge } from '../hooks/login-challenge';
import { OtpForm } from './otp-form';

const MFA = '/api/auth/v1/login/mfa';
const RESEND = '/api/auth/v1/otp/resend';

function challenge(overrides: Partial<LoginChallenge> = {}): LoginChallenge {
  return { requestCode: 'req-42', maskedPhone: '012 *** 789', resendAt: Date.now() + 120_000, next: '/home/contact', ...overrides };
}

const session = {
  accessToken: 'access-1',
  refreshToken: 'refresh-1',
  user: { id: 'u1', username: 'dara', displayName: 'Dara Sok', alias: 'advisor', roles: ['ROLE_ADV'], preferredLang: 'en' },
};

async function openForm(route: Route, initial = challenge()) {
  const network = standInFetch(route);
  sessionStorage.setItem('loginChallenge', JSON.stringify(initial));
  const view = await renderScreen(<OtpForm challenge={initial} />, { route: '/auth/otp' });
  const code = await screen.findByLabelText(i18n.t('auth:otp_label'), { exact: false });
  return { ...view, network, code };
}

describe('OtpForm (sign-in code)', () => {
  it('sends the request code with the typed code, keeps the login and goes where sign-in was headed', async () => {
    const { user, code, network } = await openForm((r) => (r.url.pathname === MFA ? json(200, session) : undefined));

    await user.type(code, '123456');
    await user.click(screen.getByTestId('otp-submit'));

    expect(await screen.findByTestId('landed')).toHaveProperty('textContent', '/home/contact');
    expect(network.to(MFA)).toHaveLength(1);
    expect(network.to(MFA)[0]?.method).toBe('POST');
    expect(network.to(MFA)[0]?.body).toEqual({ requestCode: 'req-42', otp: '123456' });
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.token) ?? 'null')).toEqual({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    expect(sessionStorage.getItem('loginChallenge')).toBeNull();
  });

  it('refuses a code that is not six digits without asking the server', async () => {
    const { user, code, network } = await openForm(() => undefined);

    await user.type(code, '12a4');
    await user.click(screen.getByTestId('otp-submit'));

    expect(await screen.findByText(i18n.t('validation:digits_exact', { length: 6 }))).toBeTruthy();
    expect(network.to(MFA)).toHaveLength(0);
  });

  it('says a wrong code is wrong, empties the field and puts the cursor back in it', async () => {
    const { user, code } = await openForm((r) => (r.url.pathname === MFA ? apiError(401, 'otp_invalid', { code: 1031 }) : undefined));

    await user.type(code, '999999');
    await user.click(screen.getByTestId('otp-submit'));

    expect((await screen.findByTestId('otp-error')).textContent).toBe(i18n.t('auth:otp_invalid'));
    expect((code as HTMLInputElement).value).toBe('');
    expect(document.activeElement).toBe(code);
    expect(screen.queryByTestId('landed')).toBeNull();
  });

  it('after too many wrong codes offers only the way back to sign-in', async () => {
    const { user, code } = await openForm((r) => (r.url.pathname === MFA ? apiError(429, 'otp_locked') : undefined));

    await user.type(code, '111111');
    await user.click(screen.getByTestId('otp-submit'));

    expect((await screen.findByTestId('otp-error')).textContent).toBe(i18n.t('errors:otp_locked'));
    expect(screen.queryByLabelText(i18n.t('auth:otp_label'), { exact: false })).toBeNull();
    expect(screen.queryByTestId('otp-submit')).toBeNull();
    expect(sessionStorage.getItem('loginChallenge')).toBeNull();
  });

  it('keeps "send a new code" shut during the countdown', async () => {
    // The clock stands still (only the date is fixed; timers run): 65 seconds left reads 1:05.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T03:00:00Z'));
    try {
      await openForm(() => undefined, challenge({ resendAt: Date.now() + 65_000 }));

      expect(screen.getByTestId('otp-resend')).toHaveProperty('disabled', true);
      expect(screen.getByTestId('otp-countdown').textContent).toMatch(/\b1:05\b/);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a new code once the countdown is over, and starts the countdown again from the answer', async () => {
    const answer = deferred();
    const { user, network } = await openForm(
      (r) => (r.url.pathname === RESEND ? answer.answer : undefined),
      challenge({ resendAt: Date.now() - 1_000 }),
    );
    expect(screen.queryByTestId('otp-countdown')).toBeNull();

    await user.click(screen.getByTestId('otp-resend'));
    answer.send(json(200, { resendIn: 90 }));

    expect((await screen.findByTestId('otp-countdown')).textContent).toBe(i18n.t('auth:otp_resend_wait', { time: '1:30' }));
    expect(screen.getByTestId('otp-resend')).toHaveProperty('disabled', true);
    expect(network.to(RESEND).map((r) => r.body)).toEqual([{ requestCode: 'req-42' }]);
  });
});
