import { OTP_RESEND_COUNTDOWN_SECONDS } from '@portal/domain/constants/session';
import type { LoginResponse } from '@portal/domain/contracts/auth/login';

/**
 * The pending sign-in between the password step and the OTP step. Kept in sessionStorage (this
 * tab only, gone when it closes) so a reload of /otp does not lose it.
 */
export interface LoginChallenge {
  requestCode: string;
  maskedPhone: string;
  /** Epoch ms after which the code may be sent again. */
  resendAt: number;
  /** Where to go after sign-in. */
  next: string;
}

const KEY = 'loginChallenge';

/** The server says when the code may be resent; the spec's 2-minute countdown is the fallback. */
function resendSeconds(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : OTP_RESEND_COUNTDOWN_SECONDS;
}

export function saveLoginChallenge(response: LoginResponse, next: string, now = Date.now()): LoginChallenge {
  const challenge: LoginChallenge = {
    requestCode: response.requestCode,
    maskedPhone: response.maskedPhone,
    resendAt: now + resendSeconds(response.resendIn) * 1000,
    next,
  };
  sessionStorage.setItem(KEY, JSON.stringify(challenge));
  return challenge;
}

export function readLoginChallenge(): LoginChallenge | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const value = raw ? (JSON.parse(raw) as Partial<LoginChallenge>) : null;
    if (!value || typeof value.requestCode !== 'string' || typeof value.maskedPhone !== 'string') return null;
    return {
      requestCode: value.requestCode,
      maskedPhone: value.maskedPhone,
      resendAt: typeof value.resendAt === 'number' ? value.resendAt : 0,
      next: typeof value.next === 'string' ? value.next : '/home',
    };
  } catch {
    return null;
  }
}

export function updateResendAt(challenge: LoginChallenge, resendIn: number, now = Date.now()): LoginChallenge {
  const next = { ...challenge, resendAt: now + resendSeconds(resendIn) * 1000 };
  sessionStorage.setItem(KEY, JSON.stringify(next));
  return next;
}

export function clearLoginChallenge(): void {
  sessionStorage.removeItem(KEY);
}
