/**
 * The time as the auth rules see it. Every expiry and throttle is computed from `now()` (never
 * from the database's clock), so tests can move time instead of sleeping.
 */
export interface Clock {
  now(): Date;
}

export function systemClock(): Clock {
  return { now: () => new Date() };
}

export function addSeconds(date: Date, seconds: number): Date {
  return new Date(date.getTime() + seconds * 1000);
}

/** Whole seconds from `now` until `until`, at least 1 (for `retryAfter`). */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}
