import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RemoteSignParty } from '@portal/domain/contracts/applications/remote-signature';
import { appUser } from './app-user.table';
import { application } from './application.table';

/**
 * A link to sign an application's declaration remotely, sent to one signer by SMS (decision 014):
 * single use, expiring. Only the SHA-256 of the signed token is kept. The phone is kept to send
 * the one-time codes to (it is the signer's contact phone at the time of sending).
 * `opened_at`: the link was spent for a session; `verified_code_id`: the code that proved the
 * phone; `failed_codes`: wrong codes so far (the REMOTE_SIGN_CODE_FAILURES-th revokes the link);
 * `signed_at`: the signature was made; `revoked_at`: replaced by a newer link or killed.
 */
export const applicationSignLink = pgTable(
  'application_sign_link',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => application.id, { onDelete: 'cascade' }),
    party: text('party').$type<RemoteSignParty>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    lang: text('lang').notNull(),
    phone: text('phone').notNull(),
    maskedPhone: text('masked_phone').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, precision: 3 }).notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true, precision: 3 }),
    verifiedCodeId: uuid('verified_code_id'),
    failedCodes: integer('failed_codes').notNull().default(0),
    signedAt: timestamp('signed_at', { withTimezone: true, precision: 3 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, precision: 3 }),
    createdBy: uuid('created_by').references(() => appUser.id),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('application_sign_link_application_idx').on(t.applicationId, t.party, t.createdDate)],
);

export type ApplicationSignLinkRow = typeof applicationSignLink.$inferSelect;
