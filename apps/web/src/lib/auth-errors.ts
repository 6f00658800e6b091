import { isApiError } from './api-client';
import { translateErrorKey } from './i18n';

/**
 * Throttled answers that carry a wait, and the text that says it in minutes (from the answer's
 * `retryAfter`, never a fixed "an hour"): the account lock, the rate limit, the OTP allowances.
 */
const WAIT_TEXT: Readonly<Record<string, string>> = {
  account_locked: 'auth:locked',
  too_many_requests: 'auth:locked',
  otp_send_limit: 'auth:otp_send_limit_wait',
  otp_locked: 'auth:otp_locked_wait',
};

/** Whole minutes to wait (at least 1), when a 429 says how long. */
export function retryMinutes(error: unknown): number | null {
  if (!isApiError(error) || error.status !== 429 || error.retryAfter === undefined) return null;
  return Math.max(1, Math.ceil(error.retryAfter / 60));
}

/**
 * The message for a failed auth call: a throttle with its wait, else the server's message key
 * translated (a §8 code's key, a throttle's key, or the HTTP status's key; never a raw key).
 */
export function authErrorMessage(error: unknown, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (!isApiError(error)) return translateErrorKey('system_error');
  const minutes = retryMinutes(error);
  const waitText = WAIT_TEXT[error.messageKey];
  if (minutes !== null && waitText) return t(waitText, { minutes });
  return translateErrorKey(error.messageKey);
}

/** 1031: the OTP is wrong, or the request is unknown, expired, spent or not verified. */
export function isRequestCodeInvalid(error: unknown): boolean {
  return isApiError(error) && error.code === 1031;
}

/** The field errors of a 422 (`[{ field, key }]`), or none. */
export function fieldErrorsOf(error: unknown): { field: string; key: string }[] {
  return isApiError(error) && error.status === 422 && error.errors ? error.errors : [];
}
