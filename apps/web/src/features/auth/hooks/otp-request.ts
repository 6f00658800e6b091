import { OTP_RESEND_COUNTDOWN_SECONDS } from '@portal/domain/constants/session';

/**
 * A pending reset or profile OTP request (forgot password, passkey registration), kept in
 * sessionStorage under its own key: this tab only, gone when it closes, so a reload does not
 * lose the step. It holds the opaque request code and timings, never a password or an OTP.
 */
export interface OtpRequest {
  requestCode: string;
  /** The phone the code went to, masked (`+855*****678`), when the server says. */
  maskedPhone: string | null;
  /** Epoch ms after which the code may be sent again. */
  resendAt: number;
  /** Epoch ms until which the request may be used: the OTP's life, then the verified request's. */
  expiresAt: number;
  verified: boolean;
}

export type OtpRequestKey = 'passwordReset' | 'passkeyBind';

function seconds(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
}

/** A request just started: `{ requestCode, maskedPhone?, expiresIn, resendIn }` from the server. */
export function newOtpRequest(
  response: { requestCode: string; maskedPhone?: string; expiresIn?: number; resendIn?: number },
  now = Date.now(),
): OtpRequest {
  return {
    requestCode: response.requestCode,
    maskedPhone: response.maskedPhone ?? null,
    resendAt: now + seconds(response.resendIn, OTP_RESEND_COUNTDOWN_SECONDS) * 1000,
    expiresAt: now + seconds(response.expiresIn, 300) * 1000,
    verified: false,
  };
}

export function saveOtpRequest(key: OtpRequestKey, request: OtpRequest): OtpRequest {
  try {
    sessionStorage.setItem(key, JSON.stringify(request));
  } catch {
    // Storage full or disabled: the flow still works until the page is reloaded.
  }
  return request;
}

/** The stored request, or null when there is none, it is malformed or it has expired. */
export function readOtpRequest(key: OtpRequestKey, now = Date.now()): OtpRequest | null {
  try {
    const raw = sessionStorage.getItem(key);
    const value = raw ? (JSON.parse(raw) as Partial<OtpRequest>) : null;
    if (!value || typeof value.requestCode !== 'string' || !value.requestCode) return null;
    const request: OtpRequest = {
      requestCode: value.requestCode,
      maskedPhone: typeof value.maskedPhone === 'string' ? value.maskedPhone : null,
      resendAt: typeof value.resendAt === 'number' ? value.resendAt : 0,
      expiresAt: typeof value.expiresAt === 'number' ? value.expiresAt : 0,
      verified: value.verified === true,
    };
    if (request.expiresAt <= now) {
      sessionStorage.removeItem(key);
      return null;
    }
    return request;
  } catch {
    return null;
  }
}

export function clearOtpRequest(key: OtpRequestKey): void {
  try {
    sessionStorage.removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/** The code was right: the request may now be used for `expiresIn` seconds. */
export function markVerified(key: OtpRequestKey, request: OtpRequest, expiresIn: number, now = Date.now()): OtpRequest {
  return saveOtpRequest(key, { ...request, verified: true, expiresAt: now + seconds(expiresIn, 600) * 1000 });
}

/** A new code was sent for the same request. */
export function withResend(
  key: OtpRequestKey,
  request: OtpRequest,
  timing: { resendIn?: number; expiresIn?: number },
  now = Date.now(),
): OtpRequest {
  return saveOtpRequest(key, {
    ...request,
    resendAt: now + seconds(timing.resendIn, OTP_RESEND_COUNTDOWN_SECONDS) * 1000,
    expiresAt: timing.expiresIn === undefined ? request.expiresAt : now + seconds(timing.expiresIn, 300) * 1000,
  });
}
