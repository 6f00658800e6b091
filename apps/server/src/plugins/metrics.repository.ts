import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { outbox } from '../db/schema/outbox.table';

/** The figures /metrics reads from the database at scrape time. */
export class MetricsRepository {
  constructor(private readonly db: Db) {}

  /** Messages by channel and status (pending, dead; sent rows are not counted), and the age in seconds of the oldest. */
  async outboxBacklog(): Promise<{ channel: string; status: string; waiting: number; oldestSeconds: number }[]> {
    const rows = await this.db
      .select({
        channel: outbox.channel,
        status: outbox.status,
        waiting: count(),
        oldestSeconds: sql<string>`coalesce(extract(epoch from (now() - min(${outbox.createdAt}))), 0)`,
      })
      .from(outbox)
      .where(sql`${outbox.status} <> 'sent'`)
      .groupBy(outbox.channel, outbox.status);
    return rows.map((r) => ({ channel: r.channel, status: r.status, waiting: Number(r.waiting), oldestSeconds: Number(r.oldestSeconds) }));
  }
}
