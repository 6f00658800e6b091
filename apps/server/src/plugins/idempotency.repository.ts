import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { idempotencyKey } from '../db/schema/idempotency-key.table';

type IdempotencyKeyRow = typeof idempotencyKey.$inferSelect;

/** One claim: a signed-in user's key on one route (`POST /api/contact/v1/create`). */
export interface IdempotencyClaim {
  userId: string;
  route: string;
  key: string;
}

/** The idempotency_key table (Drizzle only); the plugin (idempotency.ts) decides what to do. */
export class IdempotencyRepository {
  constructor(private readonly db: Db) {}

  private where(c: IdempotencyClaim) {
    return and(eq(idempotencyKey.userId, c.userId), eq(idempotencyKey.route, c.route), eq(idempotencyKey.key, c.key));
  }

  /** Inserts the claim as `pending`; false when the key is held already. */
  async claim(c: IdempotencyClaim, fingerprint: string, at: Date): Promise<boolean> {
    const inserted = await this.db
      .insert(idempotencyKey)
      .values({ ...c, fingerprint, state: 'pending', createdAt: at })
      .onConflictDoNothing()
      .returning({ key: idempotencyKey.key });
    return inserted.length === 1;
  }

  async find(c: IdempotencyClaim): Promise<IdempotencyKeyRow | undefined> {
    const [row] = await this.db.select().from(idempotencyKey).where(this.where(c)).limit(1);
    return row;
  }

  /** Deletes the claim if it is still the row created at `createdAt` (not one claimed afresh meanwhile). */
  async deleteCreatedAt(c: IdempotencyClaim, createdAt: Date): Promise<void> {
    await this.db.delete(idempotencyKey).where(and(this.where(c), eq(idempotencyKey.createdAt, createdAt)));
  }

  /** Stores the answer of a pending claim: it is `done`, and retries get this answer back. */
  async storeAnswer(c: IdempotencyClaim, answer: { status: number; type: string; body: string }): Promise<void> {
    await this.db
      .update(idempotencyKey)
      .set({ state: 'done', responseStatus: answer.status, responseType: answer.type, responseBody: answer.body })
      .where(and(this.where(c), eq(idempotencyKey.state, 'pending')));
  }

  /** Releases a pending claim: a retry runs afresh. */
  async release(c: IdempotencyClaim): Promise<void> {
    await this.db.delete(idempotencyKey).where(and(this.where(c), eq(idempotencyKey.state, 'pending')));
  }

  /** How many keys a user holds (all routes). */
  async count(userId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)::int` })
      .from(idempotencyKey)
      .where(eq(idempotencyKey.userId, userId));
    return row?.n ?? 0;
  }
}
