/**
 * How long the server keeps short-lived security records (OWASP ASVS 5.0 V14 "data protection":
 * keep sensitive data no longer than needed). Each period is longer than every rule that reads
 * the rows (the lockout and OTP throttles look back at most 24 hours), so a sweep never changes
 * an answer; it only drops what no rule can read any more.
 */
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const RETENTION = {
  /** Sign-in events: the throttles read 24 hours back; a month is kept for investigations. */
  loginAttemptsMs: 30 * DAY_MS,
  /** OTP requests: useless after expiry; the hourly send cap reads one hour back. */
  otpCodesMs: DAY_MS,
  /** Refresh tokens: a day after their family's absolute end (reuse detection needs the spent rows until then). */
  refreshTokensAfterFamilyEndMs: DAY_MS,
  /** Passkey challenges: single use, minutes long. */
  webauthnChallengesMs: DAY_MS,
  /**
   * Outbox messages: a day. Every message the portal sends carries a one-time code or link that
   * expired long before (minutes to hours), and the bodies are plain text.
   */
  outboxMessagesMs: DAY_MS,
  /**
   * Idempotency keys with the answers they replay: a day, as the header's draft suggests; a
   * retry after that is treated as a new request.
   */
  idempotencyKeysMs: DAY_MS,
  /**
   * Stored PDFs of records (proposal illustrations, application forms, client-pending letters): a
   * week. They are copies of what the records hold (personal data included), kept only to answer a
   * repeated download at once; a copy dropped is rendered again on the next request.
   */
  renderedPdfsMs: 7 * DAY_MS,
  /**
   * Runs of the scheduled jobs (who ran each due time, and how it ended): a month, to look into a
   * sweep that failed or ran late. No rule reads older rows: a claim only meets the row of its own
   * due time, which is never a month old.
   */
  jobRunsMs: 30 * DAY_MS,
} as const;

/** The scheduled job's name in `job_run`. */
export const RETENTION_JOB = 'retention';

/** How often the sweep is due unless RETENTION_SWEEP_EVERY_MS says (config.ts); it runs once per due time across all servers. */
export const RETENTION_SWEEP_EVERY_MS = HOUR_MS;
