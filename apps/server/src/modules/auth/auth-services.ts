import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AuthRepository } from './auth.repository';
import { AuthService } from './auth.service';
import { deriveKey } from './auth-crypto';
import type { Clock } from './clock';
import { OtpRepository } from './otp.repository';
import { OtpService, type CallContext } from './otp.service';
import { PasskeyRepository } from './passkey.repository';
import { PasskeyService } from './passkey.service';
import { PasswordService } from './password.service';
import { SessionRepository } from './session.repository';
import { SessionService } from './session.service';

export interface AuthServices {
  auth: AuthService;
  otp: OtpService;
  sessions: SessionService;
  passwords: PasswordService;
  passkeys: PasskeyService;
}

/** Wires the auth services from the app's database, configuration, SMS provider, audit log and clock. */
export function createAuthServices(app: FastifyInstance, clock: Clock): AuthServices {
  const users = new AuthRepository(app.db);
  const otp = new OtpService(new OtpRepository(app.db), users, app.sms, app.audit, clock, deriveKey(app.config.jwtSecret, 'otp'));
  const sessions = new SessionService(new SessionRepository(app.db), users, app.audit, clock, app.config.jwtSecret);
  const auth = new AuthService(users, otp, sessions, app.audit, clock);
  const passwords = new PasswordService(users, otp, sessions, auth, app.audit, clock);
  const passkeys = new PasskeyService(new PasskeyRepository(app.db), users, otp, auth, app.audit, clock, {
    rpId: app.config.webauthnRpId,
    rpName: 'Advisor Portal',
    origins: app.config.webauthnOrigins,
  });
  return { auth, otp, sessions, passwords, passkeys };
}

/** Where a call came from: request.ip honours TRUST_PROXY (Fastify's trustProxy). */
export function callContext(request: FastifyRequest): CallContext {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 256) : null };
}
