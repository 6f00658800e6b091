import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';
import { candidate } from './candidate.table';

/**
 * A secure link sent to a candidate: single use, expiring. Only the SHA-256 of the signed token is
 * kept. `used_at`: the candidate verified the OTP and got their ROLE_CNL session; `revoked_at`: a
 * newer link replaced it.
 */
export const candidateLink = pgTable(
  'candidate_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    candidateId: uuid('candidate_id')
      .notNull()
      .references(() => candidate.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    createdBy: uuid('created_by').references(() => appUser.id),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('candidate_link_candidate_idx').on(t.candidateId)],
);

export type CandidateLinkRow = typeof candidateLink.$inferSelect;
