import type { FastifyReply } from 'fastify';
import type { Role } from '@portal/domain/codes/roles';

/** The signed-in caller, from the access token. */
export interface AuthUser {
  id: string;
  roles: Role[];
  scopes: string[];
  agencyId: string | null;
}

/**
 * A route's `config.roles`, for routes OUTSIDE the spec list (a spec §7 path always follows
 * packages/domain/src/api/access-policy.ts, whatever it declares):
 * - `'public'`: no token needed (health, docs, dev outbox);
 * - `Role[]`: a valid token with at least one of these roles (else 401 / 403);
 * - omitted on an /api route: denied (401 anonymous, 403 signed in) — add a rule to open it;
 *   omitted elsewhere (SPA, language files): public.
 */
export type RouteRoles = readonly Role[] | 'public';

/** JWT claims of the access token (HS256, issuer/audience below). */
export const ACCESS_TOKEN_ISSUER = 'advisor-portal';
export const ACCESS_TOKEN_AUDIENCE = 'advisor-portal-api';

declare module 'fastify' {
  interface FastifyContextConfig {
    roles?: RouteRoles;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate` (and by the roles hook); null on public routes. */
    user: AuthUser | null;
  }
  interface FastifyInstance {
    /** Verifies `Authorization: Bearer <jwt>`, sets `request.user`, throws a 401 AppError otherwise. */
    authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}
