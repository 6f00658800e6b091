/**
 * Session timing of spec §4/§9 (DESIGN.md §6). Units are in the names: the spec gives seconds
 * for the idle rules; milliseconds are derived for timers.
 */
const MS_PER_SECOND = 1000;

/** Signed out after this long without activity. */
export const IDLE_TIMEOUT_SECONDS = 900;
/** The time-out warning appears this long before the idle time-out. */
export const IDLE_WARNING_SECONDS = 10;
/** While active, a keep-alive ping is sent this often. */
export const KEEP_ALIVE_INTERVAL_SECONDS = 600;

export const IDLE_TIMEOUT_MS = IDLE_TIMEOUT_SECONDS * MS_PER_SECOND;
export const IDLE_WARNING_MS = IDLE_WARNING_SECONDS * MS_PER_SECOND;
export const KEEP_ALIVE_INTERVAL_MS = KEEP_ALIVE_INTERVAL_SECONDS * MS_PER_SECOND;
/** Seconds of idleness after which the warning shows (900 - 10). */
export const IDLE_WARNING_AFTER_SECONDS = IDLE_TIMEOUT_SECONDS - IDLE_WARNING_SECONDS;

/**
 * OTP resend countdown: spec §9 gives "2" without a unit; we read it as minutes, the usual
 * resend wait for an SMS code.
 */
export const OTP_RESEND_COUNTDOWN_MINUTES = 2;
export const OTP_RESEND_COUNTDOWN_SECONDS = OTP_RESEND_COUNTDOWN_MINUTES * 60;
