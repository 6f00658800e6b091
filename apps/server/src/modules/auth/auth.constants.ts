import { OTP_RESEND_COUNTDOWN_SECONDS } from '@portal/domain/constants/session';

/**
 * Timings and throttles of sign-in, set as trusted identity servers set them
 * (Keycloak, Auth0, Ory Kratos). All in seconds unless the name says otherwise.
 */
export const AUTH_LIMITS = {
  /** Access tokens are short-lived; a refresh gets a new one. */
  accessTokenTtl: 15 * 60,
  /** A refresh token not used for this long expires (the client refreshes every ~15 min while in use). */
  refreshIdleTtl: 30 * 60,
  /** A sign-in session (refresh family) ends after this long whatever happens: one working day. */
  refreshAbsoluteTtl: 12 * 60 * 60,

  otpTtl: 5 * 60,
  /** Spec §9: the resend countdown. */
  otpResendAfter: OTP_RESEND_COUNTDOWN_SECONDS,
  otpMaxSendsPerHour: 5,
  otpSendWindow: 60 * 60,
  /** The fifth wrong OTP kills the request and locks OTP for the account. */
  otpMaxFailures: 5,
  otpLock: 15 * 60,
  /** A verified reset/profile request may be used (reset, bind a passkey) for this long. */
  verifiedRequestTtl: 10 * 60,

  /** Ten consecutive wrong passwords lock the account for 15 minutes. */
  maxPasswordFailures: 10,
  accountLock: 15 * 60,
  /** How far back failures for an unknown username are replayed to imitate the lock. */
  unknownUserFailureWindow: 24 * 60 * 60,

  webauthnChallengeTtl: 5 * 60,
} as const;

/**
 * Per-address limits of the public sign-in calls (route `config.rateLimit`, in place of the app's
 * general limit on those routes; per process, plugins/rate-limit.ts). They stop one address from
 * spraying many accounts; the per-account throttles above, kept in PostgreSQL, stop many
 * addresses from guessing one account.
 */
export const AUTH_RATE_LIMITS = {
  login: { max: 20, timeWindow: 60_000 },
  otpSend: { max: 10, timeWindow: 60_000 },
  otpCheck: { max: 20, timeWindow: 60_000 },
  refresh: { max: 60, timeWindow: 60_000 },
  passkey: { max: 30, timeWindow: 60_000 },
} as const;
