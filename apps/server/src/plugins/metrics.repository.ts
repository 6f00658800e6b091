import { and, count, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/outbox.table';

/** The figures /metrics reads from the database at scrape time. */
export class MetricsRepository {
  constructor(private readonly db: Db) {}

  /** Messages not yet delivered, by channel, and the age in seconds of the oldest. */
  async outboxBacklog(): Promise<{ channel: string; waiting: number; oldestSeconds: number }[]> {
    const rows = await this.db
      .select({
        channel: outbox.channel,
        waiting: count(),
        oldestSeconds: sql<string>`coalesce(extract(epoch from (now() - min(${outbox.createdAt}))), 0)`,
      })
      .from(outbox)
      .where(and(isNull(outbox.sentAt)))
      .groupBy(outbox.channel);
    return rows.map((r) => ({ channel: r.channel, waiting: Number(r.waiting), oldestSeconds: Number(r.oldestSeconds) }));
  }
}
