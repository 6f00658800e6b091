import * as z from 'zod';
import { requiredString } from './auth-fields';
import { authSessionSchema } from './auth-session';

/**
 * POST /api/auth/v1/refresh — spends the refresh token and answers a new pair. A spent token
 * presented again revokes its whole family; every failure is 401.
 */
export const refreshSessionRequestSchema = z.object({
  refreshToken: requiredString(256),
});
export type RefreshSessionRequest = z.infer<typeof refreshSessionRequestSchema>;

export const refreshSessionResponseSchema = authSessionSchema;
export type RefreshSessionResponse = z.infer<typeof refreshSessionResponseSchema>;
