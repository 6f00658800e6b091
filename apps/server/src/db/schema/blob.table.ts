import { sql } from 'drizzle-orm';
import { bigint, check, customType, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** PostgreSQL bytea as a Node Buffer (node-postgres answers a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)),
});

/**
 * Stored files (DESIGN.md §2: documents live in PostgreSQL behind the BlobStore interface,
 * providers/blob). The id is chosen by the server; a blob is written in the same transaction as
 * the row that refers to it, so a crash leaves no orphan. Content is never logged.
 */
export const blob = pgTable(
  'blob',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    mediaType: text('media_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Lower-case hex SHA-256 of the content. */
    sha256: text('sha256').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    check('blob_size', sql`${t.size} >= 0 AND ${t.size} = octet_length(${t.data})`),
    check('blob_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
  ],
);

export type BlobRow = typeof blob.$inferSelect;
