import { and, eq, sql } from 'drizzle-orm';
import type { Language } from '@portal/domain/codes/languages';
import type { Db } from '../../db/client';
import { agency } from '../../db/schema/agency.table';
import { appUser } from '../../db/schema/app-user.table';
import { refreshToken } from '../../db/schema/refresh-token.table';

export interface SessionRow {
  familyId: string;
  startedAt: Date | string;
  lastActiveAt: Date | string;
  ip: string | null;
}

const profileColumns = {
  id: appUser.id,
  username: appUser.username,
  displayName: appUser.displayName,
  displayNameKh: appUser.displayNameKh,
  agentCode: appUser.agentCode,
  roles: appUser.roles,
  alias: appUser.alias,
  phone: appUser.phone,
  email: appUser.email,
  preferredLang: appUser.preferredLang,
  version: appUser.version,
  agencyCode: agency.code,
  agencyName: agency.name,
  agencyNameKh: agency.nameKh,
};

/** The user's own account and sessions (Drizzle only). */
export class ProfileRepository {
  constructor(private readonly db: Db) {}

  async profile(userId: string) {
    const [row] = await this.db
      .select(profileColumns)
      .from(appUser)
      .leftJoin(agency, eq(agency.id, appUser.agencyId))
      .where(eq(appUser.id, userId))
      .limit(1);
    return row;
  }

  /**
   * Live sessions: refresh-token families with no revoked token and a token still usable
   * (unspent, unexpired). Started: the first token; last active: the newest.
   */
  sessions(userId: string, now: Date): Promise<SessionRow[]> {
    return this.db
      .select({
        familyId: refreshToken.familyId,
        startedAt: sql<Date>`min(${refreshToken.issuedAt})`,
        lastActiveAt: sql<Date>`max(${refreshToken.issuedAt})`,
        ip: sql<string | null>`(array_agg(${refreshToken.ip} ORDER BY ${refreshToken.issuedAt} DESC))[1]`,
      })
      .from(refreshToken)
      .where(eq(refreshToken.userId, userId))
      .groupBy(refreshToken.familyId)
      .having(
        sql`bool_and(${refreshToken.revokedAt} IS NULL)
        AND count(*) FILTER (WHERE ${refreshToken.spentAt} IS NULL AND ${refreshToken.expiresAt} > ${now.toISOString()}::timestamptz) > 0`,
      )
      .orderBy(sql`max(${refreshToken.issuedAt}) DESC`);
  }

  async familyOwner(familyId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: refreshToken.userId })
      .from(refreshToken)
      .where(eq(refreshToken.familyId, familyId))
      .limit(1);
    return row?.userId;
  }

  /** Writes when `version` is still the stored one; false otherwise (stale: 409). */
  async updateContact(userId: string, version: number, values: { phone?: string; email?: string | null }, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(appUser)
      .set({ ...values, modifiedDate: now, version: sql`${appUser.version} + 1` })
      .where(and(eq(appUser.id, userId), eq(appUser.version, version)))
      .returning({ id: appUser.id });
    return rows.length === 1;
  }

  async setLanguage(userId: string, lang: Language, now: Date): Promise<void> {
    await this.db
      .update(appUser)
      .set({ preferredLang: lang, modifiedDate: now, version: sql`${appUser.version} + 1` })
      .where(eq(appUser.id, userId));
  }
}
