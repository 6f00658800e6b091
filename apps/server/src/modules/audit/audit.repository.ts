import { and, desc, eq } from 'drizzle-orm';
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
