import { desc, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser } from '../../db/schema/app-user.table';
import { outbox, type OutboxRow } from '../../db/schema/outbox.table';

export class DevOutboxRepository {
  constructor(private readonly db: Db) {}

  /** Messages addressed to any of these recipients (phone/e-mail) or to this username, newest first. */
  findFor(recipients: string[], username: string, limit: number): Promise<OutboxRow[]> {
    return this.db
      .select()
      .from(outbox)
      .where(or(inArray(outbox.to, recipients), eq(outbox.username, username)))
      .orderBy(desc(outbox.id))
      .limit(limit);
  }

  async phoneAndEmailOf(username: string): Promise<string[]> {
    const rows = await this.db
      .select({ phone: appUser.phone, email: appUser.email })
      .from(appUser)
      .where(eq(appUser.username, username))
      .limit(1);
    const row = rows[0];
    return row ? [row.phone, row.email].filter((v): v is string => !!v) : [];
  }
}
