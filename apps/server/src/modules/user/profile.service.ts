import type { Language } from '@portal/domain/codes/languages';
import type { ProfileResponse, UpdateContactRequest } from '@portal/domain/contracts/user/profile';
import { instantToOffsetDateTime } from '@portal/domain/format/date';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/audit.service';
import type { AuthServices } from '../auth/auth-services';
import type { Clock } from '../auth/clock';
import type { Caller } from '../../plugins/caller';
import type { ProfileRepository } from './profile.repository';

function instant(value: Date | string): string {
  return instantToOffsetDateTime(value instanceof Date ? value : new Date(value));
}

/**
 * The signed-in user's own account. Changing the phone or e-mail spends a verified
 * profile OTP (sent to the phone on file); language and sessions need only the session itself.
 */
export class ProfileService {
  constructor(
    private readonly repo: ProfileRepository,
    private readonly auth: AuthServices,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async profile(caller: Caller): Promise<ProfileResponse> {
    const row = await this.repo.profile(caller.user.id);
    if (!row) throw AppError.http(401);
    const sessions = await this.repo.sessions(caller.user.id, this.clock.now());
    await this.audit.record({
      actorUserId: caller.user.id,
      action: 'read',
      entity: 'user',
      entityId: caller.user.id,
      ip: caller.ip,
      details: { view: 'profile' },
    });
    return {
      id: row.id,
      username: row.username,
      displayName: row.displayName,
      displayNameKh: row.displayNameKh,
      agentCode: row.agentCode,
      agency: row.agencyCode && row.agencyName ? { code: row.agencyCode, name: row.agencyName, nameKh: row.agencyNameKh } : null,
      roles: row.roles,
      alias: row.alias,
      phone: row.phone,
      email: row.email,
      preferredLang: row.preferredLang,
      version: row.version,
      sessions: sessions.map((s) => ({
        id: s.familyId,
        startedDate: instant(s.startedAt),
        lastActiveDate: instant(s.lastActiveAt),
        ip: s.ip,
        current: s.familyId === caller.sessionId,
      })),
    };
  }

  /** A new phone and/or e-mail, after a verified profile OTP; stale version 409. */
  async updateContact(caller: Caller, body: UpdateContactRequest): Promise<ProfileResponse> {
    const values: { phone?: string; email?: string | null } = {};
    if (body.phone !== undefined) values.phone = body.phone;
    if (body.email !== undefined) values.email = body.email;
    // Before the code is spent: a request that changes nothing keeps the code usable.
    if (Object.keys(values).length === 0) throw AppError.validation([{ field: 'phone', key: 'required' }]);
    const request = await this.auth.otp.findVerified(body.requestCode, 'profile', caller.user.id);
    await this.audit.change(async () => {
      // Spent first: a second use of the same code, even concurrent, fails with 1031.
      await this.auth.otp.consume(request);
      if (!(await this.repo.updateContact(caller.user.id, body.version, values, this.clock.now()))) throw AppError.http(409);
      await this.audit.record({
        actorUserId: caller.user.id,
        action: 'update',
        entity: 'user',
        entityId: caller.user.id,
        ip: caller.ip,
        details: { fields: Object.keys(values) },
      });
    });
    return this.profile(caller);
  }

  async setLanguage(caller: Caller, lang: Language): Promise<ProfileResponse> {
    await this.repo.setLanguage(caller.user.id, lang, this.clock.now());
    return this.profile(caller);
  }

  async signOutOthers(caller: Caller): Promise<ProfileResponse> {
    await this.audit.change(async () => {
      await this.auth.sessions.revokeOtherSessions(caller.user.id, 'signed_out_by_user', caller.sessionId);
      await this.audit.record({
        actorUserId: caller.user.id,
        action: 'logout_others',
        entity: 'session',
        entityId: caller.sessionId,
        ip: caller.ip,
      });
    });
    return this.profile(caller);
  }

  /** Ends one other session of the caller's; another's or unknown: 404. */
  async signOutSession(caller: Caller, familyId: string): Promise<ProfileResponse> {
    if ((await this.repo.familyOwner(familyId)) !== caller.user.id) throw AppError.http(404);
    await this.auth.sessions.logout(caller.user.id, familyId, undefined, caller);
    return this.profile(caller);
  }
}
