import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLog, type AuditLogRow, type NewAuditLogRow } from '../../db/schema/audit-log.table';

export class AuditRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewAuditLogRow): Promise<void> {
    await this.db.insert(auditLog).values(row);
  }

  /** Several rows in one statement (one round trip, one commit). */
  async insertMany(rows: readonly NewAuditLogRow[]): Promise<void> {
    if (rows.length > 0) await this.db.insert(auditLog).values([...rows]);
  }

  /**
   * Newest first, by when it happened (`at`): queued read entries carry the time of the read but
   * reach the table after writes that followed it. For admin views and tests.
   */
  findByEntity(entity: string, entityId: string, limit = 100): Promise<AuditLogRow[]> {
    return this.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
  }
}
