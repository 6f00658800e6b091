import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AuthSession } from '@portal/domain/contracts/auth/auth-session';
import type { PasskeySummary } from '@portal/domain/contracts/auth/passkey-summary';
import type { PasskeyRow } from '../../db/schema/passkey.table';
import { AppError } from '../../lib/app-error';
import type { AuditService } from '../audit/audit.service';
import { AUTH_LIMITS } from './auth.constants';
import { authErrors } from './auth-errors';
import type { AuthRepository } from './auth.repository';
import { canUseAccount } from './account-rules';
import type { AuthService } from './auth.service';
import { addSeconds, secondsUntil, type Clock } from './clock';
import type { CallContext, OtpService } from './otp.service';
import type { PasskeyRepository } from './passkey.repository';

/** The relying party: rpID (a domain, `localhost` in development) and the origins allowed to use it. */
export interface WebauthnSettings {
  rpId: string;
  rpName: string;
  /** Configured origins; null: the request's own origin, if its host is the rpID or under it. */
  origins: readonly string[] | null;
}

/** The challenge a browser signed, read from clientDataJSON (verified again by the library). */
function signedChallenge(clientDataJSON: string): string | null {
  try {
    const parsed = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : null;
  } catch {
    return null;
  }
}

function userHandleOf(userId: string): string {
  return isoBase64URL.fromBuffer(new TextEncoder().encode(userId));
}

function summary(row: PasskeyRow): PasskeySummary {
  return {
    id: row.id,
    name: row.name,
    transports: row.transports,
    backedUp: row.backedUp,
    createdDate: row.createdDate.toISOString(),
    lastUsedDate: row.lastUsedDate ? row.lastUsedDate.toISOString() : null,
  };
}

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: registration after a verified profile OTP,
 * sign-in with user verification required. Challenges are single-use and server-side; the
 * library checks challenge, origin, rpID, signature and counter.
 */
export class PasskeyService {
  constructor(
    private readonly passkeys: PasskeyRepository,
    private readonly users: AuthRepository,
    private readonly otp: OtpService,
    private readonly auth: AuthService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
    private readonly settings: WebauthnSettings,
  ) {}

  /** The origins a response may come from; `requestOrigin` only when none are configured. */
  expectedOrigins(requestOrigin: { protocol: string; host: string; hostname: string }): string[] {
    if (this.settings.origins) return [...this.settings.origins];
    const { rpId } = this.settings;
    const hostname = requestOrigin.hostname.toLowerCase();
    if (hostname !== rpId && !hostname.endsWith(`.${rpId}`)) return [];
    return [`${requestOrigin.protocol}://${requestOrigin.host}`];
  }

  async registrationOptions(userId: string, requestCode: string): Promise<PublicKeyCredentialCreationOptionsJSON> {
    await this.otp.findVerified(requestCode, 'profile', userId);
    const user = await this.users.findUserById(userId);
    if (!user) throw authErrors.requestCodeInvalid();
    const existing = await this.passkeys.listByUser(userId);
    const options = await generateRegistrationOptions({
      rpName: this.settings.rpName,
      rpID: this.settings.rpId,
      userName: user.username,
      userID: new TextEncoder().encode(user.id),
      userDisplayName: user.displayName,
      attestationType: 'none',
      timeout: AUTH_LIMITS.webauthnChallengeTtl * 1000,
      excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const now = this.clock.now();
    await this.passkeys.insertChallenge(
      {
        challenge: options.challenge,
        purpose: 'registration',
        userId,
        expiresAt: addSeconds(now, AUTH_LIMITS.webauthnChallengeTtl),
      },
      now,
    );
    return options;
  }

  async bind(
    userId: string,
    input: { requestCode: string; response: RegistrationResponseJSON; name?: string },
    origins: string[],
    context: CallContext,
  ): Promise<PasskeySummary> {
    const request = await this.otp.findVerified(input.requestCode, 'profile', userId);
    const now = this.clock.now();
    const challenge = signedChallenge(input.response.response.clientDataJSON);
    const stored = challenge ? await this.passkeys.takeChallenge(challenge, 'registration', now) : undefined;
    if (!stored || stored.userId !== userId || origins.length === 0) throw authErrors.passkeyVerificationFailed();
    let verification;
    try {
      verification = await verifyRegistrationResponse({
        response: input.response,
        expectedChallenge: stored.challenge,
        expectedOrigin: origins,
        expectedRPID: this.settings.rpId,
        requireUserVerification: true,
      });
    } catch {
      throw authErrors.passkeyVerificationFailed();
    }
    if (!verification.verified) throw authErrors.passkeyVerificationFailed();
    const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
    const row = await this.audit.change(async () => {
      await this.otp.consume(request);
      const inserted = await this.passkeys.insert({
        userId,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
        name: input.name?.trim() || 'Passkey',
        createdDate: now,
      });
      await this.audit.record({ actorUserId: userId, action: 'passkey_added', entity: 'passkey', entityId: inserted.id, ip: context.ip });
      return inserted;
    });
    return summary(row);
  }

  async list(userId: string): Promise<PasskeySummary[]> {
    return (await this.passkeys.listByUser(userId)).map(summary);
  }

  /** Deletes one of the caller's passkeys; someone else's is "not found". */
  async remove(userId: string, id: string, context: CallContext): Promise<void> {
    const removed = await this.audit.change(async () => {
      const done = await this.passkeys.deleteOwn(userId, id);
      if (done)
        await this.audit.record({ actorUserId: userId, action: 'passkey_removed', entity: 'passkey', entityId: id, ip: context.ip });
      return done;
    });
    if (!removed) throw AppError.http(404);
  }

  /** Options for passkey sign-in: discoverable credentials, so the same for everybody. */
  async authenticationOptions(): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: this.settings.rpId,
      userVerification: 'required',
      timeout: AUTH_LIMITS.webauthnChallengeTtl * 1000,
    });
    const now = this.clock.now();
    await this.passkeys.insertChallenge(
      {
        challenge: options.challenge,
        purpose: 'authentication',
        userId: null,
        expiresAt: addSeconds(now, AUTH_LIMITS.webauthnChallengeTtl),
      },
      now,
    );
    return options;
  }

  /** Passkey sign-in: any failure is the one generic 401 of sign-in. */
  async login(response: AuthenticationResponseJSON, origins: string[], context: CallContext): Promise<AuthSession> {
    const now = this.clock.now();
    const failed = async (reason: string, username?: string, userId?: string) => {
      await this.audit.change(async () => {
        if (username) {
          await this.users.addLoginEvent({
            at: now,
            username,
            userId: userId ?? null,
            event: 'passkey_failed',
            ip: context.ip,
            userAgent: context.userAgent,
          });
        }
        await this.audit.record({
          actorUserId: null,
          action: 'login_failed',
          entity: 'user',
          entityId: userId ?? null,
          ip: context.ip,
          details: { method: 'passkey', reason },
        });
      });
      return authErrors.invalidCredentials();
    };

    const challenge = signedChallenge(response.response.clientDataJSON);
    const stored = challenge ? await this.passkeys.takeChallenge(challenge, 'authentication', now) : undefined;
    if (!stored || origins.length === 0) throw await failed('challenge');
    const key = await this.passkeys.findByCredentialId(response.id);
    if (!key) throw await failed('unknown_passkey');
    const user = await this.users.findUserById(key.userId);
    if (!user || !canUseAccount(user)) throw await failed('account_unavailable', user?.username, key.userId);
    if (user.lockedUntil && user.lockedUntil > now) throw authErrors.accountLocked(secondsUntil(user.lockedUntil, now));
    if (response.response.userHandle && response.response.userHandle !== userHandleOf(user.id)) {
      throw await failed('user_handle', user.username, user.id);
    }
    let verification;
    try {
      verification = await verifyAuthenticationResponse({
        response,
        expectedChallenge: stored.challenge,
        expectedOrigin: origins,
        expectedRPID: this.settings.rpId,
        credential: {
          id: key.credentialId,
          publicKey: isoBase64URL.toBuffer(key.publicKey),
          counter: key.counter,
          transports: key.transports,
        },
        requireUserVerification: true,
      });
    } catch {
      // Bad signature, wrong origin or rpID, no user verification, or a counter that did not grow.
      throw await failed('verification', user.username, user.id);
    }
    if (!verification.verified) throw await failed('verification', user.username, user.id);
    if (!(await this.passkeys.recordUse(key.id, key.counter, verification.authenticationInfo.newCounter, now))) {
      throw await failed('counter_race', user.username, user.id);
    }
    return this.auth.signedIn(user, 'passkey', context);
  }
}
