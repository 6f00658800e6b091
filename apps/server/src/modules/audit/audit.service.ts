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

/** Actions that only read: recorded in batches after the answer (see AuditService). */
export const QUEUED_AUDIT_ACTIONS: ReadonlySet<string> = new Set(['read', 'search']);
/** Rows per INSERT when the queue is flushed. */
const FLUSH_BATCH = 500;

/**
 * Records who read or changed personal or health data (DESIGN.md §5). Use `app.audit`:
 *   await app.audit.record({ actorUserId: user.id, action: 'read', entity: 'contact', entityId: id, ip: request.ip });
 *   await app.audit.recordRequest(request, 'update', 'contact', id, { fields: ['phone'] });
 *
 * Changes, sign-ins and every other action are written before the call returns, as part of the
 * request (if the row cannot be written, the request fails). Reads and searches
 * (QUEUED_AUDIT_ACTIONS) are queued and written a moment later, many rows per INSERT, so a read
 * does not wait for a commit (issue 11). The durability trade-off: if the process dies in the
 * few milliseconds between the answer and the flush, or the database refuses the batch, those
 * read entries are lost; a failed batch is logged at error level with its size and entities.
 * `flush()` writes the queue now; `history()` and the app's close call it.
 */
export class AuditService {
  private queue: NewAuditLogRow[] = [];
  private scheduled = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: AuditRepository,
    private readonly onFlushError: (error: unknown, rows: readonly NewAuditLogRow[]) => void = () => undefined,
  ) {}

  async record(entry: AuditEntry): Promise<void> {
    const row: NewAuditLogRow = {
      actorUserId: entry.actorUserId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId ?? null,
      ip: entry.ip ?? null,
      details: entry.details ?? null,
    };
    if (!QUEUED_AUDIT_ACTIONS.has(entry.action)) {
      await this.repository.insert(row);
      return;
    }
    // The time of the read, not of the flush.
    this.queue.push({ ...row, at: new Date() });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => void this.flush());
    }
  }

  /** Writes every queued read entry; resolves when they are in the database (or the failure logged). */
  flush(): Promise<void> {
    this.scheduled = false;
    const rows = this.queue;
    this.queue = [];
    // One flush at a time, in order.
    this.flushing = this.flushing.then(async () => {
      for (let i = 0; i < rows.length; i += FLUSH_BATCH) {
        const batch = rows.slice(i, i + FLUSH_BATCH);
        try {
          await this.repository.insertMany(batch);
        } catch (error) {
          this.onFlushError(error, batch);
        }
      }
    });
    return this.flushing;
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

  async history(entity: string, entityId: string): Promise<AuditLogRow[]> {
    await this.flush();
    return this.repository.findByEntity(entity, entityId);
  }
}
