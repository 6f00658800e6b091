import * as z from 'zod';
import { okResponseSchema } from './auth-fields';

/**
 * POST /api/auth/v1/logout (signed in) — revokes the refresh family of the caller's session.
 * The body may be empty or `{}`; a `refreshToken`, when sent, is revoked with its family too.
 */
export const logoutRequestSchema = z
  .object({
    refreshToken: z.string().max(256, { error: 'maxlength' }).optional(),
  })
  .optional();
export type LogoutRequest = z.infer<typeof logoutRequestSchema>;

export const logoutResponseSchema = okResponseSchema;
