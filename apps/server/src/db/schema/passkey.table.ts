import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';

/** A WebAuthn credential (passkey) bound to a user. Only public key material is stored. */
export const passkey = pgTable(
  'passkey',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    /** base64url credential id, as browsers send it. */
    credentialId: text('credential_id').notNull().unique(),
    /** base64url COSE public key. */
    publicKey: text('public_key').notNull(),
    /** Signature counter; a non-zero counter must grow at every sign-in (cloned authenticators). */
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    name: text('name').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true }).notNull(),
    lastUsedDate: timestamp('last_used_date', { withTimezone: true }),
  },
  (t) => [index('passkey_user_idx').on(t.userId)],
);

export type PasskeyRow = typeof passkey.$inferSelect;
export type NewPasskeyRow = typeof passkey.$inferInsert;
