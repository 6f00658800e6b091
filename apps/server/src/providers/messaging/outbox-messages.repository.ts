import type { Db } from '../../db/client';
import { outbox, type NewOutboxRow } from '../../db/schema/outbox.table';

/** Inserts messages into the outbox (several at once, inside the caller's transaction when given one). */
export class OutboxMessagesRepository {
  constructor(private readonly db: Db) {}

  async add(rows: NewOutboxRow[], db: Db = this.db): Promise<void> {
    if (rows.length > 0) await db.insert(outbox).values(rows);
  }
}
