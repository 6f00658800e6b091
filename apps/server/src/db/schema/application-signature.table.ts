import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { RemoteSignParty } from '@portal/domain/contracts/applications/remote-signature';
import { application } from './application.table';
import { applicationSignLink } from './application-sign-link.table';

/**
 * A declaration signed remotely (decision 014), with its evidence: who signed (party), the phone
 * the code went to (masked), when, from which address, the one-time code that proved the phone,
 * and the SHA-256 of the exact summary text they read (in `lang`). `image` is the drawn
 * signature re-encoded by the server (signature-image.ts).
 */
export const applicationSignature = pgTable(
  'application_signature',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => application.id, { onDelete: 'cascade' }),
    party: text('party').$type<RemoteSignParty>().notNull(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => applicationSignLink.id, { onDelete: 'cascade' }),
    codeId: uuid('code_id').notNull(),
    image: text('image').notNull(),
    maskedPhone: text('masked_phone').notNull(),
    ip: text('ip').notNull(),
    lang: text('lang').notNull(),
    summaryHash: text('summary_hash').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true, precision: 3 }).notNull(),
  },
  (t) => [index('application_signature_application_idx').on(t.applicationId, t.party, t.signedAt)],
);

export type ApplicationSignatureRow = typeof applicationSignature.$inferSelect;
