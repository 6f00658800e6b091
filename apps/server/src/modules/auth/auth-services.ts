import type { FastifyRequest } from 'fastify';
import type { AuthService } from './auth.service';
import type { CallContext, OtpService } from './otp.service';
import type { PasskeyService } from './passkey.service';
import type { PasswordService } from './password.service';
import type { SessionService } from './session.service';

export interface AuthServices {
  auth: AuthService;
  otp: OtpService;
  sessions: SessionService;
  passwords: PasswordService;
  passkeys: PasskeyService;
}

/** Where a call came from: request.ip honours TRUST_PROXY (Fastify's trustProxy). */
export function callContext(request: FastifyRequest): CallContext {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 256) : null };
}
