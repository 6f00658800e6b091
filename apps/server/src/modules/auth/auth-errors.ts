import { messageKeyForCode, type CatalogueCode } from '@portal/domain/errors/error-catalogue';
import type { PasswordPolicyCode } from '@portal/domain/rules/password-policy';
import { AppError } from '../../lib/app-error';

/**
 * The errors of sign-in, OTP, reset and passkeys. Message keys are in the `errors` namespace.
 * §8 codes are numbers; throttles and locks are 429 with a string code equal to their key and
 * `retryAfter` seconds (also sent as the Retry-After header).
 */
export const AUTH_MESSAGE_KEYS = {
  invalidCredentials: 'invalid_credentials',
  accountLocked: 'account_locked',
  otpLocked: 'otp_locked',
  otpResendTooSoon: 'otp_resend_too_soon',
  otpSendLimit: 'otp_send_limit',
  otpUnavailable: 'otp_unavailable',
  passkeyVerificationFailed: 'passkey_verification_failed',
} as const;

function catalogued(status: number, code: CatalogueCode, errors?: { field: string; key: string }[]): AppError {
  return new AppError(status, code, messageKeyForCode(code), errors);
}

function throttled(key: string, retryAfter: number): AppError {
  return new AppError(429, key, key, undefined, { retryAfter });
}

export const authErrors = {
  /** Wrong username, wrong password, disabled account, unknown passkey: one answer (no enumeration). */
  invalidCredentials: () => new AppError(401, 1024, AUTH_MESSAGE_KEYS.invalidCredentials),
  /** OTP wrong, request code unknown, expired, spent, of another purpose or not verified. */
  requestCodeInvalid: () => catalogued(401, 1031),
  accountLocked: (retryAfter: number) => throttled(AUTH_MESSAGE_KEYS.accountLocked, retryAfter),
  otpLocked: (retryAfter: number) => throttled(AUTH_MESSAGE_KEYS.otpLocked, retryAfter),
  otpResendTooSoon: (retryAfter: number) => throttled(AUTH_MESSAGE_KEYS.otpResendTooSoon, retryAfter),
  otpSendLimit: (retryAfter: number) => throttled(AUTH_MESSAGE_KEYS.otpSendLimit, retryAfter),
  /** The account has no phone to send an OTP to: an administrator must add one. */
  otpUnavailable: () => new AppError(409, AUTH_MESSAGE_KEYS.otpUnavailable, AUTH_MESSAGE_KEYS.otpUnavailable),
  /** A new password broke a rule of rules/password-policy.ts. */
  passwordPolicy: (code: PasswordPolicyCode) => catalogued(422, code, [{ field: 'password', key: 'invalid' }]),
  currentPasswordInvalid: () => catalogued(422, 1032, [{ field: 'currentPassword', key: 'invalid' }]),
  currentPasswordRequired: () => catalogued(422, 1043, [{ field: 'currentPassword', key: 'required' }]),
  requestCodeRequired: () => catalogued(422, 1043, [{ field: 'requestCode', key: 'required' }]),
  passkeyVerificationFailed: () =>
    new AppError(422, AUTH_MESSAGE_KEYS.passkeyVerificationFailed, AUTH_MESSAGE_KEYS.passkeyVerificationFailed),
};
