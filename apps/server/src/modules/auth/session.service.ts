import { randomUUID } from 'node:crypto';
import { scopesForRoles } from '@portal/domain/api/access-policy';
import type { AuthSession } from '@portal/domain/contracts/auth/auth-session';
import type { AppUser } from '../../db/schema/app-user.table';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/audit.service';
import { canUseAccount } from './account-rules';
import { signAccessToken } from './access-token';
import { AUTH_LIMITS } from './auth.constants';
import { randomToken, sha256 } from './auth-crypto';
import type { AuthRepository } from './auth.repository';
import { addSeconds, type Clock } from './clock';
import type { CallContext } from './otp.service';
import type { SessionRepository } from './session.repository';

function earlier(a: Date, b: Date): Date {
  return a < b ? a : b;
}

/**
 * Sessions: a short-lived access JWT plus an opaque refresh token, rotated at every refresh.
 * All tokens of one sign-in form a family; presenting a spent refresh token revokes the family
 * (it was stolen or replayed), and so does logout.
 */
export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly users: AuthRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly jwtSecret: string,
  ) {}

  private async issue(user: AppUser, familyId: string, familyExpiresAt: Date, context: CallContext): Promise<AuthSession> {
    const now = this.clock.now();
    const refreshToken = randomToken();
    await this.sessions.insert({
      familyId,
      userId: user.id,
      tokenHash: sha256(refreshToken),
      issuedAt: now,
      expiresAt: earlier(addSeconds(now, AUTH_LIMITS.refreshIdleTtl), familyExpiresAt),
      familyExpiresAt,
      ip: context.ip,
    });
    const scopes = scopesForRoles(user.roles);
    const accessToken = await signAccessToken(
      this.jwtSecret,
      { sub: user.id, roles: user.roles, scopes, agencyId: user.agencyId, sid: familyId },
      now,
      AUTH_LIMITS.accessTokenTtl,
    );
    return {
      accessToken,
      refreshToken,
      expiresIn: AUTH_LIMITS.accessTokenTtl,
      scopes,
      user: {
        id: user.id,
        username: user.username,
        displayName: user.displayName,
        roles: user.roles,
        alias: user.alias,
        preferredLang: user.preferredLang,
      },
    };
  }

  /** A new session (family) after a complete sign-in. */
  start(user: AppUser, context: CallContext): Promise<AuthSession> {
    const now = this.clock.now();
    return this.issue(user, randomUUID(), addSeconds(now, AUTH_LIMITS.refreshAbsoluteTtl), context);
  }

  /** Spends a refresh token for a new pair. Every failure is a bare 401. */
  async refresh(refreshToken: string, context: CallContext): Promise<AuthSession> {
    const now = this.clock.now();
    const row = await this.sessions.findByHash(sha256(refreshToken));
    if (!row || row.revokedAt) throw AppError.http(401);
    const replayed = async () => {
      // Whoever holds the newer token (maybe a thief, maybe the user) loses the session too.
      await this.audit.change(async () => {
        await this.sessions.revokeFamily(row.familyId, 'reuse', now);
        await this.audit.record({
          actorUserId: row.userId,
          action: 'refresh_token_reused',
          entity: 'session',
          entityId: row.familyId,
          ip: context.ip,
        });
      });
      return AppError.http(401);
    };
    if (row.spentAt) throw await replayed();
    if (row.expiresAt <= now) throw AppError.http(401);
    if (!(await this.sessions.spend(row.id, now))) throw await replayed();
    // A password lock (wrong passwords) stops new sign-ins only: anyone can type wrong passwords
    // for a username, and that must not end the advisor's open session.
    const user = await this.users.findUserById(row.userId);
    if (!user || !canUseAccount(user)) {
      await this.sessions.revokeFamily(row.familyId, 'account_unavailable', now);
      throw AppError.http(401);
    }
    return this.issue(user, row.familyId, row.familyExpiresAt, context);
  }

  /** Ends the caller's session, and the family of a refresh token they hand in (if it is theirs). */
  async logout(userId: string, sessionId: string | null, refreshToken: string | undefined, context: CallContext): Promise<void> {
    const now = this.clock.now();
    const families = new Set<string>();
    if (sessionId) families.add(sessionId);
    if (refreshToken) {
      const row = await this.sessions.findByHash(sha256(refreshToken));
      if (row && row.userId === userId) families.add(row.familyId);
    }
    if (families.size === 0) return; // a secure-link (ROLE_CNL) token has no session to end
    await this.audit.change(async () => {
      for (const familyId of families) await this.sessions.revokeFamily(familyId, 'logout', now);
      await this.audit.record({ actorUserId: userId, action: 'logout', entity: 'session', entityId: sessionId, ip: context.ip });
    });
  }

  /** After a password change or reset: every other session of the user ends. */
  revokeOtherSessions(userId: string, reason: string, keepFamilyId: string | null): Promise<void> {
    return this.sessions.revokeUserFamilies(userId, reason, this.clock.now(), keepFamilyId);
  }

  isSessionRevoked(familyId: string): Promise<boolean> {
    return this.sessions.isFamilyRevoked(familyId);
  }
}
