import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appUser } from './app-user.table';

/** Who read or changed personal or health data, and when (DESIGN.md §5). Append-only. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => appUser.id, { onDelete: 'set null' }),
    /** Verb, e.g. `read`, `create`, `update`, `delete`, `login`. */
    action: text('action').notNull(),
    /** What was touched, e.g. `contact`, `application`. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    ip: text('ip'),
    /** Never personal data itself: ids, changed field names, reasons. */
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.at), index('audit_log_actor_idx').on(t.actorUserId, t.at)],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
export type NewAuditLogRow = typeof auditLog.$inferInsert;
