import { aliasedTable, and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appUser } from '../../db/schema/app-user.table';
import { auditLog } from '../../db/schema/audit-log.table';
import { loginAttempt, type LoginEvent } from '../../db/schema/login-attempt.table';
import { passkey } from '../../db/schema/passkey.table';
import { ALLOWANCE_EVENTS } from '../auth/otp.service';

const SIGN_IN_EVENTS: LoginEvent[] = ['signed_in', 'passkey_signed_in'];
/** The events that lock one-time codes, one per allowance (sign-in, reset). */
const OTP_LOCK_EVENTS: LoginEvent[] = Object.values(ALLOWANCE_EVENTS).map((e) => e.locked);

/** The users of an agency and their sign-in state, for the agency admin (Drizzle only). */
export class AgencyUsersRepository {
  constructor(private readonly db: Db) {}

  /**
   * The agency's users (one of them when `userId` is given), by name, with their passkey count,
   * last sign-in, and the latest OTP lock since `otpLockSince` unless an unlock came after it.
   */
  async users(agencyId: string, otpLockSince: Date, userId?: string) {
    const since = otpLockSince.toISOString();
    // Drizzle names a one-table query's columns without the table, so the correlated subqueries
    // name the outer row in full and their own tables by alias.
    const user = { id: sql.raw('"app_user"."id"'), username: sql.raw('"app_user"."username"') };
    const events = (list: readonly LoginEvent[]) =>
      sql.join(
        list.map((e) => sql`${e}`),
        sql`, `,
      );
    const passkeys = sql<number>`(select count(*)::int from ${passkey} p where p.user_id = ${user.id})`;
    const lastSignIn = sql<Date | string | null>`(select max(s.at) from ${loginAttempt} s
      where s.user_id = ${user.id} and s.event in (${events(SIGN_IN_EVENTS)}))`;
    const otpLockedAt = sql<Date | string | null>`(select max(l.at) from ${loginAttempt} l
      where l.username = ${user.username} and l.event in (${events(OTP_LOCK_EVENTS)}) and l.at >= ${since}::timestamptz
      and not exists (select 1 from ${loginAttempt} u
        where u.username = l.username and u.event = ${'account_unlocked' satisfies LoginEvent} and u.at >= l.at))`;
    const filters = [eq(appUser.agencyId, agencyId)];
    if (userId) filters.push(eq(appUser.id, userId));
    return this.db
      .select({
        id: appUser.id,
        username: appUser.username,
        displayName: appUser.displayName,
        displayNameKh: appUser.displayNameKh,
        roles: appUser.roles,
        agentCode: appUser.agentCode,
        phone: appUser.phone,
        status: appUser.status,
        lockedUntil: appUser.lockedUntil,
        passkeyCount: passkeys,
        lastSignInAt: lastSignIn,
        otpLockedAt,
      })
      .from(appUser)
      .where(and(...filters))
      .orderBy(asc(appUser.displayName), asc(appUser.id));
  }

  /** The user when they belong to the agency; undefined otherwise (another agency's user is not found). */
  async user(agencyId: string, userId: string) {
    const [row] = await this.db
      .select({ id: appUser.id, username: appUser.username, phone: appUser.phone, email: appUser.email, status: appUser.status })
      .from(appUser)
      .where(and(eq(appUser.id, userId), eq(appUser.agencyId, agencyId)))
      .limit(1);
    return row;
  }

  async setStatus(userId: string, status: 'active' | 'disabled', now: Date): Promise<void> {
    await this.db
      .update(appUser)
      .set({ status, modifiedDate: now, version: sql`${appUser.version} + 1` })
      .where(eq(appUser.id, userId));
  }

  /** Lifts the password lock and restarts the count of wrong passwords. */
  async clearLock(userId: string, now: Date): Promise<void> {
    await this.db.update(appUser).set({ lockedUntil: null, failedPasswordCount: 0, modifiedDate: now }).where(eq(appUser.id, userId));
  }

  /** A sign-in event for the username (the unlock, which lifts OTP locks before it). */
  async addLoginEvent(username: string, userId: string, event: LoginEvent, at: Date, ip: string): Promise<void> {
    await this.db.insert(loginAttempt).values({ username, userId, event, at, ip });
  }

  /** Deletes every passkey of the user; how many there were. */
  async deletePasskeys(userId: string): Promise<number> {
    const rows = await this.db.delete(passkey).where(eq(passkey.userId, userId)).returning({ id: passkey.id });
    return rows.length;
  }

  /** The audit rows about the user (entity `user`), newest first, reads left out; with the actor's names. */
  history(userId: string, limit: number) {
    const actor = aliasedTable(appUser, 'actor');
    return this.db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        actorName: actor.displayName,
        actorNameKh: actor.displayNameKh,
      })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorUserId))
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId), ne(auditLog.action, 'read')))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
  }
}

export type AgencyUserRow = Awaited<ReturnType<AgencyUsersRepository['users']>>[number];
