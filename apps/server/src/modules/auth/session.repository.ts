import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshToken, type NewRefreshTokenRow, type RefreshTokenRow } from '../../db/schema/refresh-token.table';
import type { RevocationCache } from './revocation-cache';

/** Refresh tokens and their families (Drizzle only). */
export class SessionRepository {
  /** `revocations`: the app's one cache of revocation answers (services.ts), shared by the auth hook and the services. */
  constructor(
    private readonly db: Db,
    private readonly revocations: RevocationCache,
  ) {}

  async insert(row: NewRefreshTokenRow): Promise<void> {
    await this.db.insert(refreshToken).values(row);
  }

  async findByHash(tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const rows = await this.db.select().from(refreshToken).where(eq(refreshToken.tokenHash, tokenHash)).limit(1);
    return rows[0];
  }

  /** Spends a live token once: false when it was already spent or revoked (a replay or a race). */
  async spend(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(refreshToken)
      .set({ spentAt: now })
      .where(and(eq(refreshToken.id, id), isNull(refreshToken.spentAt), isNull(refreshToken.revokedAt)))
      .returning({ id: refreshToken.id });
    return rows.length === 1;
  }

  async revokeFamily(familyId: string, reason: string, now: Date): Promise<void> {
    this.revocations.revoked([familyId]);
    await this.db
      .update(refreshToken)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(refreshToken.familyId, familyId), isNull(refreshToken.revokedAt)));
  }

  /** Every session of the user except `keepFamilyId` (password changed or reset). */
  async revokeUserFamilies(userId: string, reason: string, now: Date, keepFamilyId?: string | null): Promise<void> {
    const revoked = await this.db
      .update(refreshToken)
      .set({ revokedAt: now, revokedReason: reason })
      .where(
        and(
          eq(refreshToken.userId, userId),
          isNull(refreshToken.revokedAt),
          ...(keepFamilyId ? [ne(refreshToken.familyId, keepFamilyId)] : []),
        ),
      )
      .returning({ familyId: refreshToken.familyId });
    this.revocations.revoked(revoked.map((r) => r.familyId));
  }

  /** The revocation cache's answer without a promise: undefined when the database must be asked. */
  knownRevocation(familyId: string): boolean | undefined {
    return this.revocations.get(familyId);
  }

  /**
   * True when the session was revoked (logout, reuse, password change): its access tokens stop
   * working. Answered from the revocation cache when it knows (see revocation-cache.ts).
   */
  async isFamilyRevoked(familyId: string): Promise<boolean> {
    const cached = this.knownRevocation(familyId);
    if (cached !== undefined) return cached;
    const rows = await this.db
      .select({ id: refreshToken.id })
      .from(refreshToken)
      .where(and(eq(refreshToken.familyId, familyId), isNotNull(refreshToken.revokedAt)))
      .limit(1);
    const revoked = rows.length > 0;
    this.revocations.set(familyId, revoked);
    return revoked;
  }
}
