import type { FastifyRequest } from 'fastify';
import type { AuditLogRow, NewAuditLogRow } from '../../db/schema/audit-log.table';
import type { AuditRepository } from './audit.repository';

export interface AuditEntry {
  /** null for an anonymous caller (a failed sign-in, a secure link). */
  actorUserId: string | null;
  /** `read`, `create`, `update`, `delete`, `submit`, `login`, `login_failed`, … */
  action: string;
  /** `contact`, `application`, `policy`, `user`, … */
  entity: string;
  entityId?: string | null;
  ip?: string | null;
  /** Ids, changed field NAMES, reasons: never the personal or health data itself. */
  details?: Record<string, unknown> | null;
}

/**
 * Records who read or changed personal or health data (DESIGN.md §5). Nothing is held in memory:
 * every row is in the database when `record` resolves, so an answer is never sent before its
 * audit row is stored.
 *
 * A change and its audit rows commit together: services run both inside `change(work)`, one
 * transaction in which every repository's queries and `record` take part (db/ambient-transaction.ts).
 * When the audit row cannot be written the change rolls back and the request fails:
 *   return this.audit.change(async () => {
 *     const row = await this.contacts.insert(values);
 *     await this.audit.record({ actorUserId: user.id, action: 'create', entity: 'contact', entityId: row.id });
 *     return row;
 *   });
 * A read records its row (awaited) before the service returns the data; where the repository
 * can, the read and its row are one statement (`rowOf` hands it the row; audit.repository.ts
 * `withAuditRow`), so both cost one round trip and the row is stored before the answer exists.
 */
export class AuditService {
  private readonly observers: ((entry: AuditEntry) => void)[] = [];

  constructor(private readonly repository: Pick<AuditRepository, 'insert' | 'findByEntity' | 'transaction'>) {}

  /** Calls `observer` after each row `record` stores (the metrics count sign-in failures this way). */
  observe(observer: (entry: AuditEntry) => void): void {
    this.observers.push(observer);
  }

  /** Runs `work` (a change and its `record` calls) in one transaction; joins an enclosing one. */
  change<T>(work: () => Promise<T>): Promise<T> {
    return this.repository.transaction(work);
  }

  async record(entry: AuditEntry): Promise<void> {
    await this.repository.insert(this.rowOf(entry));
    for (const observer of this.observers) observer(entry);
  }

  /** The row `record` would store, for a repository that stores it with its read. */
  rowOf(entry: AuditEntry): NewAuditLogRow {
    return {
      actorUserId: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      ip: entry.ip ?? null,
      details: entry.details ?? null,
    };
  }

  /** The same, taking the actor and address from the request. */
  recordRequest(
    request: Pick<FastifyRequest, 'user' | 'ip'>,
    action: string,
    entity: string,
    entityId?: string | null,
    details?: Record<string, unknown>,
  ): Promise<void> {
    return this.record({ actorUserId: request.user?.id ?? null, action, entity, entityId, ip: request.ip, details });
  }

  history(entity: string, entityId: string): Promise<AuditLogRow[]> {
    return this.repository.findByEntity(entity, entityId);
  }
}
