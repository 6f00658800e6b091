import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * `Idempotency-Key` records (plugins/idempotency.ts, SECURITY.md): one per user + route + key.
 * `pending` while the first request runs, then `done` with the answer it gave, which a retry
 * with the same key and the same request gets back instead of a second record. Rows older
 * than the retention (24 h) are purged.
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    /** The caller (no foreign key: a key outlives nothing, and rows are purged within a day). */
    userId: uuid('user_id').notNull(),
    /** Method and route pattern: `POST /api/contact/v1/create`. */
    route: text('route').notNull(),
    key: text('key').notNull(),
    /** SHA-256 (hex) of what makes the request this request: path, query and body. */
    fingerprint: text('fingerprint').notNull(),
    state: text('state').$type<'pending' | 'done'>().notNull(),
    responseStatus: integer('response_status'),
    responseType: text('response_type'),
    responseBody: text('response_body'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.route, t.key] }), index('idempotency_key_created_idx').on(t.createdAt)],
);
