import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';

/**
 * Refresh tokens: opaque, kept as SHA-256 only. Each sign-in starts a family; every refresh
 * spends its token and issues the next of the same family. A spent token presented again means
 * it was stolen or replayed, and the whole family is revoked. The family id is the session id
 * (`sid`) in access tokens, so revoking it also ends the access tokens of that session.
 */
export const refreshToken = pgTable(
  'refresh_token',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    familyId: uuid('family_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The earlier of this token's idle limit and the family's absolute limit. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The family's absolute limit, carried from token to token. */
    familyExpiresAt: timestamp('family_expires_at', { withTimezone: true }).notNull(),
    spentAt: timestamp('spent_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** `logout`, `reuse`, `password_changed`, … */
    revokedReason: text('revoked_reason'),
    ip: text('ip'),
  },
  (t) => [index('refresh_token_family_idx').on(t.familyId), index('refresh_token_user_idx').on(t.userId)],
);

export type RefreshTokenRow = typeof refreshToken.$inferSelect;
export type NewRefreshTokenRow = typeof refreshToken.$inferInsert;
