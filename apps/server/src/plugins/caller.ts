import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { callContext } from '../modules/auth/auth-services';
import type { AuthUser } from './auth-types';

/**
 * Who calls a signed-in route, as the services see it: the user of the access token, its session
 * (refresh family; null for a token without one), the address (TRUST_PROXY applies) and the
 * browser's user agent. It is also the `CallContext` of the auth services (ip, user agent).
 */
export interface Caller {
  user: AuthUser;
  sessionId: string | null;
  ip: string;
  userAgent: string | null;
}

/** The caller of a signed-in route (the auth hook has already refused anonymous calls and checked the role). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.user) throw AppError.http(401);
  return { user: request.user, sessionId: request.sessionId, ...callContext(request) };
}
