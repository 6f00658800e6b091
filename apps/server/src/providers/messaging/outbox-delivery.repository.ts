import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox, type OutboxChannel, type OutboxRow } from '../../db/schema/outbox.table';

/** What replaces a message's text once it is delivered or given up: the one-time code or link is gone. */
export const REMOVED_BODY = '[text removed after delivery]';

interface ClaimedRow {
  id: string | number;
  recipient: string;
  channel: OutboxChannel;
  purpose: string;
  body: string;
  attempts: number;
}

export type ClaimedMessage = Pick<OutboxRow, 'id' | 'to' | 'channel' | 'purpose' | 'body' | 'attempts'>;

/** The delivery worker's SQL over the outbox table. */
export class OutboxDeliveryRepository {
  constructor(private readonly db: Db) {}

  /**
   * Claims up to `limit` due messages of these channels in one statement: the rows are locked
   * with `FOR UPDATE SKIP LOCKED` (another process claiming at the same moment skips them), their
   * attempt is counted and their next_attempt_at moved `leaseMs` ahead, so that no other worker
   * picks them up while this one sends. A worker that dies mid-send leaves them due again after the lease.
   */
  async claim(channels: readonly OutboxChannel[], limit: number, leaseMs: number): Promise<ClaimedMessage[]> {
    if (channels.length === 0) return [];
    // A materialized CTE: the locked choice is made once. As `WHERE id IN (subquery LIMIT n FOR
    // UPDATE SKIP LOCKED)` the planner may run the subquery again per row and update more than n.
    const result = await this.db.execute<{
      id: string | number;
      recipient: string;
      channel: OutboxChannel;
      purpose: string;
      body: string;
      attempts: number;
    }>(sql`
      WITH due AS MATERIALIZED (
        SELECT ${outbox.id} AS id FROM ${outbox}
        WHERE ${outbox.status} = 'pending' AND ${outbox.nextAttemptAt} <= now()
          AND ${outbox.channel} IN (${sql.join(
            channels.map((c) => sql`${c}`),
            sql`, `,
          )})
        ORDER BY ${outbox.nextAttemptAt}, ${outbox.id}
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE ${outbox} SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => ${leaseMs / 1000})
      FROM due WHERE ${outbox}.id = due.id
      RETURNING ${outbox}.id, ${outbox}.recipient, ${outbox}.channel, ${outbox}.purpose, ${outbox}.body, ${outbox}.attempts`);
    // Both drivers answer { rows } (PGlite's Results, node-postgres' QueryResult).
    const rows = (result as unknown as { rows: ClaimedRow[] }).rows;
    return rows.map((r) => ({
      id: Number(r.id),
      to: r.recipient,
      channel: r.channel,
      purpose: r.purpose,
      body: r.body,
      attempts: r.attempts,
    }));
  }

  /** Delivered: stamped, the provider's id kept, the text (with its code or link) removed unless `keepBody`. */
  async markSent(id: number, providerMessageId: string | null, keepBody: boolean): Promise<void> {
    await this.db
      .update(outbox)
      .set({
        status: 'sent',
        sentAt: sql`now()`,
        providerMessageId,
        lastError: null,
        ...(keepBody ? {} : { body: REMOVED_BODY, payload: null }),
      })
      .where(eq(outbox.id, id));
  }

  /** A failed attempt: due again after `retryInMs`, or `dead` (text removed unless `keepBody`) when `dead`. */
  async markFailed(id: number, error: string, retryInMs: number, dead: boolean, keepBody: boolean): Promise<void> {
    await this.db
      .update(outbox)
      .set(
        dead
          ? { status: 'dead', lastError: error, ...(keepBody ? {} : { body: REMOVED_BODY, payload: null }) }
          : { lastError: error, nextAttemptAt: sql`now() + make_interval(secs => ${retryInMs / 1000})` },
      )
      .where(eq(outbox.id, id));
  }
}
