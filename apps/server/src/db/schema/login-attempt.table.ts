import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';

/**
 * Sign-in events with the client address: every password check, OTP sent or
 * failed, lockout and sign-in. The throttles count these rows (OTP sends per hour, OTP lock,
 * failures for unknown usernames), so they are kept per username, known or not.
 */
export const LOGIN_EVENTS = [
  'password_ok',
  'password_failed',
  'account_locked',
  'otp_sent',
  'otp_failed',
  'otp_locked',
  // The password-reset allowance's own sends and lock (otpAllowanceOf).
  'reset_otp_sent',
  'reset_otp_locked',
  'signed_in',
  'passkey_signed_in',
  'passkey_failed',
  // An agency admin lifted the account's password and OTP locks (modules/agency-users).
  'account_unlocked',
] as const;
export type LoginEvent = (typeof LOGIN_EVENTS)[number];

export const loginAttempt = pgTable(
  'login_attempt',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    /** Lower-case, as looked up; may name no user. */
    username: text('username').notNull(),
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'set null' }),
    event: text('event').$type<LoginEvent>().notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('login_attempt_username_idx').on(t.username, t.event, t.at), index('login_attempt_user_idx').on(t.userId, t.at)],
);

export type LoginAttemptRow = typeof loginAttempt.$inferSelect;
export type NewLoginAttemptRow = typeof loginAttempt.$inferInsert;
