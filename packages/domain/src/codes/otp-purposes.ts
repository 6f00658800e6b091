/** One-time password purposes of spec §4: login, reset (forgot password) and profile. */
export const OTP_PURPOSES = ['login', 'reset', 'profile'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

export const OTP_PURPOSE_LOGIN: OtpPurpose = 'login';
export const OTP_PURPOSE_RESET: OtpPurpose = 'reset';
export const OTP_PURPOSE_PROFILE: OtpPurpose = 'profile';

export function isOtpPurpose(value: unknown): value is OtpPurpose {
  return typeof value === 'string' && (OTP_PURPOSES as readonly string[]).includes(value);
}

/**
 * Which allowance an OTP spends: password reset has its own (sends per hour and the lock after wrong
 * codes), so that someone asking reset codes for an advisor's username, or guessing them, cannot
 * stop that advisor from signing in. Sign-in and profile codes share the other.
 */
export type OtpAllowance = 'sign_in' | 'reset';

export function otpAllowanceOf(purpose: OtpPurpose): OtpAllowance {
  return purpose === OTP_PURPOSE_RESET ? 'reset' : 'sign_in';
}
