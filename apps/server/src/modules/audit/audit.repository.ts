import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { inTransaction } from '../../db/ambient-transaction';
import type { Db } from '../../db/client';
import { auditLog, type AuditLogRow, type NewAuditLogRow } from '../../db/schema/audit-log.table';

export class AuditRepository {
  constructor(private readonly db: Db) {}

  /** Inside `transaction`, part of it (the ambient transaction of db/ambient-transaction.ts). */
  async insert(row: NewAuditLogRow): Promise<void> {
    await this.db.insert(auditLog).values(row);
  }

  /** Runs `work` in one transaction that every ambient-aware query inside it joins. */
  transaction<T>(work: () => Promise<T>): Promise<T> {
    return inTransaction(this.db, work);
  }

  /** Newest first. For admin views and tests. */
  findByEntity(entity: string, entityId: string, limit = 100): Promise<AuditLogRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
  }
}

/**
 * `read` (a query) and the insert of its audit row as ONE statement: the row is stored only when
 * the read answers a row, in the same round trip and the same implicit transaction, so the answer
 * never exists without its row. The statement answers `read`'s rows.
 *
 * `readDetails`, when given, is a jsonb expression over the read's rows (the CTE
 * `audited_read`), merged into the row's details: what a list showed, e.g. its records' ids.
 */
export function withAuditRow(read: SQL, row: NewAuditLogRow, readDetails?: SQL): SQL {
  const fixed = row.details == null ? null : JSON.stringify(row.details);
  const details = readDetails ? sql`coalesce(${fixed}::jsonb, '{}'::jsonb) || (${readDetails})` : sql`${fixed}::jsonb`;
  return sql`WITH audited_read AS (${read}), audit_row AS (
      INSERT INTO audit_log (actor_user_id, action, entity, entity_id, ip, details)
      SELECT ${row.actorUserId ?? null}::uuid, ${row.action}::text, ${row.entity}::text, ${row.entityId ?? null}::text,
        ${row.ip ?? null}::text, ${details}
      WHERE EXISTS (SELECT FROM audited_read)
    )
    SELECT * FROM audited_read`;
}
