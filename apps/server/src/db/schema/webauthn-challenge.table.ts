import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';

/**
 * WebAuthn challenges handed out by /attestations and /assertions. Kept server-side (the API
 * servers are stateless) and deleted when used, so a signed response cannot be replayed.
 */
export const webauthnChallenge = pgTable(
  'webauthn_challenge',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull().unique(),
    purpose: text('purpose').$type<'registration' | 'authentication'>().notNull(),
    /** The registering user; null for sign-in (who signs in is learnt from the credential). */
    userId: uuid('user_id').references(() => appUser.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('webauthn_challenge_purpose', sql`${t.purpose} IN ('registration', 'authentication')`)],
);

export type WebauthnChallengeRow = typeof webauthnChallenge.$inferSelect;
