import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { auditLog, type NewAuditLogRow } from '../src/db/schema/audit-log.table';
import { AuditRepository } from '../src/modules/audit/audit.repository';
import { AuditService, type AuditQueueLog, type AuditQueueOptions } from '../src/modules/audit/audit.service';
import { createTestDb } from './helpers/test-app';

/**
 * The read-audit queue's own retry logic (audit.service.ts): the real repository on a real
 * database, wrapped so that the next N batch writes fail as a lost connection would.
 */
class FlakyRepository extends AuditRepository {
  failNext = 0;
  attempts = 0;

  override async insertMany(rows: readonly NewAuditLogRow[]): Promise<void> {
    this.attempts += 1;
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    }
    await super.insertMany(rows);
  }
}

class LogLines implements AuditQueueLog {
  readonly lines: { level: 'warn' | 'error'; message: string; details: Record<string, unknown> }[] = [];
  warn(details: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'warn', message, details });
  }
  error(details: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'error', message, details });
  }
  messages(level: 'warn' | 'error'): string[] {
    return this.lines.filter((l) => l.level === level).map((l) => l.message);
  }
}

const read = (entityId: string, actorUserId: string | null = null) => ({ actorUserId, action: 'read', entity: 'contact', entityId });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean>, ms = 3_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await sleep(10);
  }
}

describe('audit read queue: a failed batch is kept and retried', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const made = await createTestDb();
    db = made.handle.db;
    drop = made.drop;
  }, 180_000);
  afterAll(() => drop());

  /** A queue on a repository whose next `failNext` batch writes fail, logging into `log`. */
  const queueWith = (options: Partial<AuditQueueOptions>, failNext = 0) => {
    const repository = new FlakyRepository(db);
    repository.failNext = failNext;
    const log = new LogLines();
    return { repository, log, audit: new AuditService(repository, log, options) };
  };
  const written = async (ids: string[]) =>
    (await db.select({ entityId: auditLog.entityId }).from(auditLog).where(inArray(auditLog.entityId, ids))).map((r) => r.entityId);

  it('keeps the entries of a batch the database did not take and writes them on the retry, in order, with what came meanwhile', async () => {
    const { repository, log, audit } = queueWith({ retryBaseMs: 20, retryMaxMs: 1_000 }, 1);
    await audit.record(read('r-1'));
    await audit.record(read('r-2'));
    await audit.flush();
    expect(await written(['r-1', 'r-2'])).toEqual([]);
    expect(audit.queued).toBe(2);
    expect(log.lines).toMatchObject([
      { level: 'warn', message: 'audit: queued read entries not written yet; will retry', details: { rows: 2, attempt: 1, retryInMs: 20 } },
    ]);
    // Queued while the retry waits: written with it, not before.
    await audit.record(read('r-3'));
    await until(async () => audit.queued === 0);
    const rows = await db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(inArray(auditLog.entityId, ['r-1', 'r-2', 'r-3']))
      .orderBy(auditLog.id);
    expect(rows.map((r) => r.entityId)).toEqual(['r-1', 'r-2', 'r-3']);
    expect(repository.attempts).toBe(2);
    expect(log.messages('error')).toEqual([]);
  });

  it('backs off: each failed retry waits twice as long, up to the maximum', async () => {
    const { repository, log, audit } = queueWith({ retryBaseMs: 5, retryMaxMs: 15 }, 4);
    await audit.record(read('b-1'));
    await until(async () => (await written(['b-1'])).length === 1);
    expect(log.lines.map((l) => l.details.retryInMs)).toEqual([5, 10, 15, 15]);
    expect(repository.attempts).toBe(5);
  });

  it('holds at most maxQueued entries: the rest are dropped with an error log, once when full and once with the count when drained', async () => {
    const { log, audit } = queueWith({ maxQueued: 3, retryBaseMs: 60_000, retryMaxMs: 60_000 }, 1);
    for (const id of ['c-1', 'c-2', 'c-3', 'c-4', 'c-5']) await audit.record(read(id));
    expect(audit.queued).toBe(3);
    expect(log.messages('error')).toEqual([
      'audit: read queue full (the database has not taken queued entries); new read entries are dropped until it drains',
    ]);
    expect(log.lines.find((l) => l.level === 'error')?.details).toMatchObject({ maxQueued: 3 });
    await audit.flush(); // the first attempt fails; the retry would wait a minute
    expect(audit.queued).toBe(3);
    await audit.flush(); // asked again (history(), shutdown): written now
    expect(await written(['c-1', 'c-2', 'c-3', 'c-4', 'c-5'])).toEqual(['c-1', 'c-2', 'c-3']);
    expect(log.lines.at(-1)).toMatchObject({
      level: 'error',
      message: 'audit: read queue drained; read entries were dropped while it was full',
      details: { dropped: 2 },
    });
  });

  it('drops only the rows the database refuses as such (no retry for them), writing the rest of their batch', async () => {
    const { log, audit } = queueWith({ retryBaseMs: 20 });
    // An actor that does not exist breaks the foreign key: that row can never be written.
    await audit.record(read('d-1'));
    await audit.record(read('d-2', '00000000-0000-4000-8000-000000000000'));
    await audit.record(read('d-3'));
    await audit.flush();
    expect(await written(['d-1', 'd-2', 'd-3'])).toEqual(['d-1', 'd-3']);
    expect(audit.queued).toBe(0);
    expect(log.lines).toMatchObject([
      { level: 'error', message: 'audit: queued read entries could not be written', details: { rows: 1, entities: ['contact'] } },
    ]);
  });

  it('close() still writes what is queued, and reports the entries it cannot write instead of retrying after shutdown', async () => {
    const { audit } = queueWith({ retryBaseMs: 20 });
    await audit.record(read('e-1'));
    await audit.close();
    expect(await written(['e-1'])).toEqual(['e-1']);

    const { repository: down, log: downLog, audit: closing } = queueWith({ retryBaseMs: 20 }, 100);
    await closing.record(read('e-2'));
    await closing.record(read('e-3'));
    await closing.close();
    expect(closing.queued).toBe(0);
    expect(downLog.messages('error')).toEqual(['audit: queued read entries lost at shutdown (the database did not take them)']);
    expect(downLog.lines.at(-1)?.details).toMatchObject({ rows: 2 });
    const attempts = down.attempts;
    await sleep(100);
    expect(down.attempts).toBe(attempts);
  });
});
