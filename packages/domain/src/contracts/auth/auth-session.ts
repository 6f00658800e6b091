import * as z from 'zod/mini';
import { LANGUAGES } from '../../codes/languages';
import { ROLES } from '../../codes/roles';

/** The signed-in user as the client keeps it (`currentUser`, `alias`). */
export const sessionUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(ROLES)),
  /** The user type (spec §3 `alias`). */
  alias: z.nullable(z.string()),
  /** The language kept on the account (profile); the client switches to it at sign-in. */
  preferredLang: z.optional(z.enum(LANGUAGES)),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/**
 * What every successful sign-in answers (password + OTP, passkey, refresh): DESIGN.md §3.
 * The client stores `{ accessToken, refreshToken }` under `token`.
 */
export const authSessionSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** Seconds until the access token expires. */
  expiresIn: z.int(),
  /** The API areas the caller's roles reach (api/access-policy.ts `scopesForRoles`). */
  scopes: z.array(z.string()),
  user: sessionUserSchema,
});
export type AuthSession = z.infer<typeof authSessionSchema>;
