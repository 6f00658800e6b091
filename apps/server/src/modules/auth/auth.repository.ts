import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser, type AppUser } from '../../db/schema/app-user.table';
import { loginAttempt, type LoginEvent, type NewLoginAttemptRow } from '../../db/schema/login-attempt.table';
import { passwordHistory } from '../../db/schema/password-history.table';

/** Users' sign-in state, sign-in events and password history (Drizzle only). */
export class AuthRepository {
  constructor(private readonly db: Db) {}

  async findUserByUsername(username: string): Promise<AppUser | undefined> {
    const rows = await this.db.select().from(appUser).where(eq(appUser.username, username)).limit(1);
    return rows[0];
  }

  async findUserById(id: string): Promise<AppUser | undefined> {
    // A token's `sub` that is not a uuid (a candidate's id) must not reach a uuid comparison.
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return undefined;
    const rows = await this.db.select().from(appUser).where(eq(appUser.id, id)).limit(1);
    return rows[0];
  }

  /**
   * One more wrong password, counted in the database so concurrent attempts cannot slip past:
   * the `max`-th consecutive failure locks the account until `lockUntil` and restarts the count.
   */
  async addPasswordFailure(userId: string, max: number, lockUntil: Date, now: Date): Promise<{ locked: boolean }> {
    const rows = await this.db
      .update(appUser)
      .set({
        failedPasswordCount: sql`CASE WHEN ${appUser.failedPasswordCount} + 1 >= ${max} THEN 0 ELSE ${appUser.failedPasswordCount} + 1 END`,
        lockedUntil: sql`CASE WHEN ${appUser.failedPasswordCount} + 1 >= ${max} THEN ${lockUntil.toISOString()}::timestamptz ELSE ${appUser.lockedUntil} END`,
        modifiedDate: now,
      })
      .where(eq(appUser.id, userId))
      .returning({ lockedUntil: appUser.lockedUntil });
    const lockedUntil = rows[0]?.lockedUntil;
    return { locked: lockedUntil !== null && lockedUntil !== undefined && lockedUntil.getTime() === lockUntil.getTime() };
  }

  async clearPasswordFailures(userId: string): Promise<void> {
    await this.db.update(appUser).set({ failedPasswordCount: 0 }).where(eq(appUser.id, userId));
  }

  /** A new password: stored, the one it replaces kept in the history, and any lock lifted. */
  async setPassword(userId: string, passwordHash: string, previousHash: string | null, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(appUser)
        .set({
          passwordHash,
          failedPasswordCount: 0,
          lockedUntil: null,
          modifiedDate: now,
          version: sql`${appUser.version} + 1`,
        })
        .where(eq(appUser.id, userId));
      if (previousHash) await tx.insert(passwordHistory).values({ userId, passwordHash: previousHash, createdDate: now });
    });
  }

  /** The user's retired password hashes, most recently retired first. */
  async previousPasswordHashes(userId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ passwordHash: passwordHistory.passwordHash })
      .from(passwordHistory)
      .where(eq(passwordHistory.userId, userId))
      .orderBy(desc(passwordHistory.createdDate))
      .limit(limit);
    return rows.map((row) => row.passwordHash);
  }

  async addLoginEvent(row: Omit<NewLoginAttemptRow, 'id'>): Promise<void> {
    await this.db.insert(loginAttempt).values(row);
  }

  /** When the events of one kind happened for a username since `since`, oldest first. */
  async eventTimes(username: string, event: LoginEvent, since: Date): Promise<Date[]> {
    const rows = await this.db
      .select({ at: loginAttempt.at })
      .from(loginAttempt)
      .where(and(eq(loginAttempt.username, username), eq(loginAttempt.event, event), gte(loginAttempt.at, since)))
      .orderBy(asc(loginAttempt.at), asc(loginAttempt.id));
    return rows.map((row) => row.at);
  }

  /** The latest event of one kind for a username since `since`, if any. */
  async latestEvent(username: string, event: LoginEvent, since: Date): Promise<Date | undefined> {
    const rows = await this.db
      .select({ at: loginAttempt.at })
      .from(loginAttempt)
      .where(and(eq(loginAttempt.username, username), eq(loginAttempt.event, event), gte(loginAttempt.at, since)))
      .orderBy(desc(loginAttempt.at))
      .limit(1);
    return rows[0]?.at;
  }
}
