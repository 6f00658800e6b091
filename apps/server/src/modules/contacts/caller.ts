import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { Caller } from './contacts.service';

/** The signed-in caller of a contact or activity route (the auth plugin has checked the role). */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.user) throw AppError.http(401);
  return { user: request.user, ip: request.ip };
}
