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

/** Where the queue reports trouble (the app's pino logger). */
export interface AuditQueueLog {
  warn(details: Record<string, unknown>, message: string): void;
  error(details: Record<string, unknown>, message: string): void;
}

export interface AuditQueueOptions {
  /** Read entries held at most (waiting or being retried); beyond it new ones are dropped, logged. */
  maxQueued: number;
  /** The first retry after a failed write, doubled after each further failure up to retryMaxMs. */
  retryBaseMs: number;
  retryMaxMs: number;
}

export const AUDIT_QUEUE_DEFAULTS: AuditQueueOptions = { maxQueued: 50_000, retryBaseMs: 500, retryMaxMs: 30_000 };

const silent: AuditQueueLog = { warn: () => undefined, error: () => undefined };

/**
 * The rows themselves were refused (SQLSTATE class 22, data exception, or 23, integrity
 * constraint violation, e.g. an actor that does not exist): writing them again cannot help.
 * Anything else (the database down, a timeout) may pass on a retry.
 */
function isRefusedRow(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

const entitiesOf = (rows: readonly NewAuditLogRow[]) => [...new Set(rows.map((r) => r.entity))];

/**
 * Records who read or changed personal or health data (DESIGN.md §5). Use `app.audit`:
 *   await app.audit.record({ actorUserId: user.id, action: 'read', entity: 'contact', entityId: id, ip: request.ip });
 *   await app.audit.recordRequest(request, 'update', 'contact', id, { fields: ['phone'] });
 *
 * Changes, sign-ins and every other action are written before the call returns, as part of the
 * request (if the row cannot be written, the request fails). Reads and searches
 * (QUEUED_AUDIT_ACTIONS) are queued and written a moment later, many rows per INSERT, so a read
 * does not wait for a commit (issue 11). A write that fails keeps its rows at the head of the
 * queue and is tried again after a back-off (retryBaseMs, doubling to retryMaxMs; logged at warn);
 * rows the database refuses as such (a constraint, bad data) are tried one by one and only those
 * that fail alone are dropped (logged at error). The queue holds at most maxQueued entries: when
 * it is full, new read entries are dropped and that is logged at error level (once when it fills,
 * and with the count when it drains). The durability trade-off that remains: entries still queued
 * when the process dies, or when close() cannot write them, are lost (close() logs how many).
 * `flush()` writes the queue now; `history()` and the app's close call it.
 */
export class AuditService {
  private readonly options: AuditQueueOptions;
  private queue: NewAuditLogRow[] = [];
  private scheduled = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private failures = 0;
  private droppedWhileFull = 0;
  private closed = false;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly repository: Pick<AuditRepository, 'insert' | 'insertMany' | 'findByEntity'>,
    private readonly log: AuditQueueLog = silent,
    options: Partial<AuditQueueOptions> = {},
  ) {
    this.options = { ...AUDIT_QUEUE_DEFAULTS, ...options };
  }

  /** Read entries waiting to be written (also those waiting for a retry). */
  get queued(): number {
    return this.queue.length;
  }

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
    if (this.queue.length >= this.options.maxQueued) {
      if (this.droppedWhileFull === 0) {
        this.log.error(
          { maxQueued: this.options.maxQueued, entity: row.entity },
          'audit: read queue full (the database has not taken queued entries); new read entries are dropped until it drains',
        );
      }
      this.droppedWhileFull += 1;
      return;
    }
    // The time of the read, not of the flush.
    this.queue.push({ ...row, at: new Date() });
    // While a retry waits, new entries wait with it (the database is not asked more often).
    if (!this.scheduled && this.retryTimer === undefined && !this.closed) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        if (this.retryTimer === undefined) void this.flush();
      });
    }
  }

  /** Tries to write every queued read entry now; resolves when they are in the database or the failure is logged (and a retry set). */
  flush(): Promise<void> {
    if (this.retryTimer !== undefined) {
      clearTimeout(this.retryTimer);
      this.retryTimer = undefined;
    }
    // One flush at a time, in order.
    this.flushing = this.flushing.then(() => this.writeQueue());
    return this.flushing;
  }

  /** The last flush (the app's close): what cannot be written now is reported lost; no retry is left behind. */
  async close(): Promise<void> {
    this.closed = true;
    await this.flush();
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.queue.length > 0) {
      this.log.error(
        { rows: this.queue.length, entities: entitiesOf(this.queue) },
        'audit: queued read entries lost at shutdown (the database did not take them)',
      );
      this.queue = [];
    }
  }

  private async writeQueue(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.slice(0, FLUSH_BATCH);
      const { handled, failed } = await this.writeBatch(batch);
      this.queue.splice(0, handled);
      if (failed) {
        this.retryLater(failed.error);
        return;
      }
      this.failures = 0;
    }
    if (this.droppedWhileFull > 0) {
      this.log.error({ dropped: this.droppedWhileFull }, 'audit: read queue drained; read entries were dropped while it was full');
      this.droppedWhileFull = 0;
    }
  }

  /**
   * Writes a batch in one INSERT; when the database refuses the rows, one by one. Answers how many
   * of the batch's leading rows are done with (written, or dropped as refused) and, when it
   * stopped early, the error that may pass on a retry.
   */
  private async writeBatch(batch: readonly NewAuditLogRow[]): Promise<{ handled: number; failed?: { error: unknown } }> {
    try {
      await this.repository.insertMany(batch);
      return { handled: batch.length };
    } catch (error) {
      if (!isRefusedRow(error)) return { handled: 0, failed: { error } };
    }
    const refused: NewAuditLogRow[] = [];
    let firstError: unknown;
    let handled = 0;
    for (const row of batch) {
      try {
        await this.repository.insertMany([row]);
      } catch (error) {
        if (!isRefusedRow(error)) {
          this.reportRefused(firstError, refused);
          return { handled, failed: { error } };
        }
        firstError ??= error;
        refused.push(row);
      }
      handled += 1;
    }
    this.reportRefused(firstError, refused);
    return { handled };
  }

  private reportRefused(error: unknown, rows: readonly NewAuditLogRow[]): void {
    if (rows.length > 0)
      this.log.error({ err: error, rows: rows.length, entities: entitiesOf(rows) }, 'audit: queued read entries could not be written');
  }

  private retryLater(error: unknown): void {
    this.failures += 1;
    if (this.closed) return;
    const delay = Math.min(this.options.retryMaxMs, this.options.retryBaseMs * 2 ** (this.failures - 1));
    this.log.warn(
      { err: error, rows: this.queue.length, attempt: this.failures, retryInMs: delay },
      'audit: queued read entries not written yet; will retry',
    );
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.flush();
    }, delay);
    // A waiting retry does not keep the process alive; close() writes what is left.
    this.retryTimer.unref();
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
