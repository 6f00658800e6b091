import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * People the insurer does not recruit (terminated agents, fraud cases), by ID number or phone
 * (E.164). Kept by compliance; `find/existing` and every new candidate check it.
 */
export const candidateBlocklist = pgTable(
  'candidate_blocklist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    idNumber: text('id_number'),
    phone: text('phone'),
    reason: text('reason').notNull(),
    createdDate: timestamp('created_date', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [index('candidate_blocklist_id_number_idx').on(t.idNumber), index('candidate_blocklist_phone_idx').on(t.phone)],
);
