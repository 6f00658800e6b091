import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import type { AuthUser } from './auth-types';

/** Who calls a signed-in route, as the services see it: the user of the access token and the address (TRUST_PROXY applies). */
export interface Caller {
  user: AuthUser;
  ip: string;
}

/** The caller of a signed-in route (the auth hook has already refused anonymous calls and checked the role). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.user) throw AppError.http(401);
  return { user: request.user, ip: request.ip };
}
