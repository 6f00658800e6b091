import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OtpPurpose } from '@portal/domain/codes/otp-purposes';
import { appUser } from './app-user.table';

/**
 * One OTP request (login, reset or profile; spec §4). The client holds an opaque request code;
 * only its SHA-256 is kept, and the 6-digit OTP only as an HMAC bound to the request and its
 * purpose, so a database reader can use neither.
 */
export const otpCode = pgTable(
  'otp_code',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestHash: text('request_hash').notNull().unique(),
    /** Null for a reset asked for an unknown username: answered like any other, nothing sent. */
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    /** The username as looked up (lower-case), so throttles work for unknown usernames too. */
    username: text('username').notNull(),
    purpose: text('purpose').$type<OtpPurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    sendCount: integer('send_count').notNull().default(1),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Reset/profile: the OTP was right; the request may now be used once until expiresAt. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Spent (signed in, password reset, passkey bound) or killed after too many wrong OTPs. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('otp_code_purpose', sql`${t.purpose} IN ('login', 'reset', 'profile')`),
    index('otp_code_user_idx').on(t.userId, t.createdDate),
  ],
);

export type OtpCodeRow = typeof otpCode.$inferSelect;
export type NewOtpCodeRow = typeof otpCode.$inferInsert;
