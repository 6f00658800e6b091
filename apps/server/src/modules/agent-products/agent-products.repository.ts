import { and, arrayOverlaps, asc, eq, ne, sql } from 'drizzle-orm';
import { PRODUCT_LIST_ROLES } from '@portal/domain/codes/roles';
import type { Db } from '../../db/client';
import { agentProductPermission, agentProductSetting } from '../../db/schema/agent-product-permission.table';
import { appUser } from '../../db/schema/app-user.table';
import { agentCodeHistory } from '../../db/schema/candidate-agent-code-history.table';

/** Per-agent product lists and agent code history (Drizzle only). */
export class AgentProductsRepository {
  constructor(private readonly db: Db) {}

  async agent(id: string, agencyId: string | null) {
    const filters = [eq(appUser.id, id)];
    if (agencyId) filters.push(eq(appUser.agencyId, agencyId));
    const [row] = await this.db
      .select({
        id: appUser.id,
        displayName: appUser.displayName,
        username: appUser.username,
        agentCode: appUser.agentCode,
        roles: appUser.roles,
      })
      .from(appUser)
      .where(and(...filters))
      .limit(1);
    return row;
  }

  /** Advisors and trainees of an agency who are not disabled, by name; `settingUserId` null: no list saved. */
  async agents(agencyId: string) {
    const listed = sql<number>`(select count(*)::int from ${agentProductPermission} where ${agentProductPermission.userId} = ${appUser.id})`;
    return this.db
      .select({
        id: appUser.id,
        displayName: appUser.displayName,
        displayNameKh: appUser.displayNameKh,
        agentCode: appUser.agentCode,
        roles: appUser.roles,
        settingUserId: agentProductSetting.userId,
        productCount: listed,
      })
      .from(appUser)
      .leftJoin(agentProductSetting, eq(agentProductSetting.userId, appUser.id))
      .where(and(eq(appUser.agencyId, agencyId), ne(appUser.status, 'disabled'), arrayOverlaps(appUser.roles, [...PRODUCT_LIST_ROLES])))
      .orderBy(asc(appUser.displayName), asc(appUser.id));
  }

  /** The saved list (undefined: none saved) and its version. */
  async permissions(userId: string): Promise<{ productCodes: string[]; version: number } | undefined> {
    const [setting] = await this.db
      .select({ version: agentProductSetting.version })
      .from(agentProductSetting)
      .where(eq(agentProductSetting.userId, userId))
      .limit(1);
    if (!setting) return undefined;
    const rows = await this.db
      .select({ code: agentProductPermission.productCode })
      .from(agentProductPermission)
      .where(eq(agentProductPermission.userId, userId))
      .orderBy(asc(agentProductPermission.productCode));
    return { productCodes: rows.map((r) => r.code), version: setting.version };
  }

  /** Replaces the list, optimistically: false when `version` is not the saved one (0: none saved). */
  async save(userId: string, productCodes: readonly string[], version: number, by: string, at: Date): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (version === 0) {
        const inserted = await tx
          .insert(agentProductSetting)
          .values({ userId, createdBy: by, modifiedBy: by, createdDate: at, modifiedDate: at })
          .onConflictDoNothing()
          .returning({ userId: agentProductSetting.userId });
        if (inserted.length !== 1) return false;
      } else {
        const updated = await tx
          .update(agentProductSetting)
          .set({ modifiedBy: by, modifiedDate: at, version: sql`${agentProductSetting.version} + 1` })
          .where(and(eq(agentProductSetting.userId, userId), eq(agentProductSetting.version, version)))
          .returning({ userId: agentProductSetting.userId });
        if (updated.length !== 1) return false;
        await tx.delete(agentProductPermission).where(eq(agentProductPermission.userId, userId));
      }
      if (productCodes.length > 0) {
        await tx
          .insert(agentProductPermission)
          .values(productCodes.map((productCode) => ({ userId, productCode, grantedBy: by, grantedAt: at })));
      }
      return true;
    });
  }

  async codes(userId: string) {
    return this.db
      .select({
        agentCode: agentCodeHistory.agentCode,
        validFrom: agentCodeHistory.validFrom,
        validTo: agentCodeHistory.validTo,
        reason: agentCodeHistory.reason,
      })
      .from(agentCodeHistory)
      .where(eq(agentCodeHistory.userId, userId))
      .orderBy(asc(agentCodeHistory.validFrom), asc(agentCodeHistory.id));
  }
}
