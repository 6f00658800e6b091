import { and, desc, eq } from 'drizzle-orm';
import { auditLog } from '../../src/db/schema/audit-log.table';
import type { TestApp } from './test-app';

/** The `limit` newest audit rows of one actor on one kind of record: action, record id and details. */
export function latestAuditRows(t: Pick<TestApp, 'db'>, actorUserId: string, entity: string, limit: number) {
  return t.db
    .select({ action: auditLog.action, entityId: auditLog.entityId, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.actorUserId, actorUserId), eq(auditLog.entity, entity)))
    .orderBy(desc(auditLog.id))
    .limit(limit);
}
