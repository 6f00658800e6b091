import {
  AGENCY_USER_AUDIT_ACTIONS,
  AGENCY_USER_ERROR_KEYS,
  type AgencyUserAction,
  type AgencyUserActionResponse,
} from '@portal/domain/contracts/agency-users/agency-user-actions';
import type { AgencyUserHistoryResponse } from '@portal/domain/contracts/agency-users/agency-user-history';
import type { AgencyUser, AgencyUserListResponse } from '@portal/domain/contracts/agency-users/list-agency-users';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import { AppError } from '../../lib/app-error';
import { setPasswordMessage } from '../../providers/messaging/set-password-message';
import type { UserMessenger } from '../../providers/messaging/user-messenger';
import type { Caller } from '../../plugins/caller';
import type { AuditService } from '../audit/audit.service';
import { AUTH_LIMITS } from '../auth/auth.constants';
import { maskPhone } from '../auth/auth.service';
import { addSeconds, type Clock } from '../auth/clock';
import type { SessionService } from '../auth/session.service';
import type { AgencyUserRow, AgencyUsersRepository } from './agency-users.repository';

const HISTORY_LIMIT = 100;

function instant(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

/**
 * The agency admin's users screen: the users of the admin's own agency and what the admin may do
 * to their accounts. A user of another agency is not found (404); an admin with no agency manages
 * nobody (403). Each action and its audit row commit together.
 */
export class AgencyUsersService {
  constructor(
    private readonly repository: AgencyUsersRepository,
    private readonly sessions: SessionService,
    private readonly messenger: UserMessenger,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly publicOrigin: string,
  ) {}

  private agencyOf(caller: Caller): string {
    if (!caller.user.agencyId) throw AppError.http(403);
    return caller.user.agencyId;
  }

  private view(row: AgencyUserRow, caller: Caller): AgencyUser {
    const now = this.clock.now();
    const otpLockedAt = instant(row.otpLockedAt);
    const locks = [row.lockedUntil, otpLockedAt && addSeconds(otpLockedAt, AUTH_LIMITS.otpLock)].filter(
      (d): d is Date => d !== null && d > now,
    );
    const lockedUntil = locks.length > 0 ? new Date(Math.max(...locks.map((d) => d.getTime()))) : null;
    const status = row.status === 'disabled' ? 'deactivated' : lockedUntil ? 'locked' : 'active';
    const lastSignIn = instant(row.lastSignInAt);
    return {
      id: row.id,
      username: row.username,
      displayName: row.displayName,
      displayNameKh: row.displayNameKh,
      roles: row.roles,
      agentCode: row.agentCode,
      maskedPhone: row.phone ? maskPhone(row.phone) : null,
      status,
      lockedUntil: status === 'locked' && lockedUntil ? instantToOffsetDateTime(lockedUntil) : null,
      passkeyCount: Number(row.passkeyCount),
      lastSignInAt: lastSignIn ? instantToOffsetDateTime(lastSignIn) : null,
      self: row.id === caller.user.id,
    };
  }

  private otpLockSince(): Date {
    return addSeconds(this.clock.now(), -AUTH_LIMITS.otpLock);
  }

  async list(caller: Caller): Promise<AgencyUserListResponse> {
    const agencyId = this.agencyOf(caller);
    const rows = await this.repository.users(agencyId, this.otpLockSince());
    await this.audit.record({
      actorUserId: caller.user.id,
      action: 'read',
      entity: 'agency_user_list',
      entityId: agencyId,
      ip: caller.ip,
      details: { count: rows.length },
    });
    return { items: rows.map((row) => this.view(row, caller)) };
  }

  async history(caller: Caller, userId: string): Promise<AgencyUserHistoryResponse> {
    const agencyId = this.agencyOf(caller);
    if (!(await this.repository.user(agencyId, userId))) throw AppError.http(404);
    const rows = await this.repository.history(userId, HISTORY_LIMIT);
    await this.audit.record({ actorUserId: caller.user.id, action: 'read', entity: 'user_history', entityId: userId, ip: caller.ip });
    return {
      items: rows.map((r) => ({
        id: r.id,
        at: instantToOffsetDateTime(r.at),
        action: r.action,
        actor: r.actorName === null ? null : { displayName: r.actorName, displayNameKh: r.actorNameKh },
      })),
    };
  }

  /** One action on one user of the caller's agency; the user as the list shows them afterwards. */
  async act(caller: Caller, userId: string, action: AgencyUserAction): Promise<AgencyUserActionResponse> {
    const agencyId = this.agencyOf(caller);
    const user = await this.repository.user(agencyId, userId);
    if (!user) throw AppError.http(404);
    const now = this.clock.now();
    await this.audit.change(async () => {
      let details: Record<string, unknown> | null = null;
      switch (action) {
        case 'deactivate':
          if (user.id === caller.user.id) {
            throw new AppError(403, AGENCY_USER_ERROR_KEYS.selfDeactivation, AGENCY_USER_ERROR_KEYS.selfDeactivation);
          }
          await this.repository.setStatus(user.id, 'disabled', now);
          // Every session ends: refresh tokens revoked, and their access tokens refused (plugins/auth.ts).
          await this.sessions.revokeOtherSessions(user.id, 'deactivated', null);
          break;
        case 'reactivate':
          await this.repository.setStatus(user.id, 'active', now);
          break;
        case 'unlock':
          await this.repository.clearLock(user.id, now);
          await this.repository.addLoginEvent(user.username, user.id, 'account_unlocked', now, caller.ip);
          break;
        case 'reset-passkeys':
          details = { deleted: await this.repository.deletePasskeys(user.id) };
          break;
        case 'send-set-password-link': {
          if (user.status === 'disabled') {
            throw new AppError(409, AGENCY_USER_ERROR_KEYS.deactivated, AGENCY_USER_ERROR_KEYS.deactivated);
          }
          const queued = await this.messenger.send(user, setPasswordMessage(user.username, this.publicOrigin));
          if (queued.length === 0) throw new AppError(409, AGENCY_USER_ERROR_KEYS.unreachable, AGENCY_USER_ERROR_KEYS.unreachable);
          details = { channels: queued.map((m) => m.channel) };
          break;
        }
      }
      await this.audit.record({
        actorUserId: caller.user.id,
        action: AGENCY_USER_AUDIT_ACTIONS[action],
        entity: 'user',
        entityId: user.id,
        ip: caller.ip,
        details,
      });
    });
    const [row] = await this.repository.users(agencyId, this.otpLockSince(), user.id);
    if (!row) throw AppError.http(404);
    return { user: this.view(row, caller) };
  }
}
