import type { FastifyRequest } from 'fastify';
import { API_PATHS, toRouterPath } from '@portal/domain/api/api-paths';
import { ACCESS_POLICY, accessKey, decideAccess, isOpenInfrastructurePath, PUBLIC, type Access } from '@portal/domain/api/access-policy';
import { asActingUser } from '../lib/acting-user';
import { AppError } from '../lib/app-error';
import type { AccessClaims } from '../modules/auth/access-token';
import type { AuthUser, RouteRoles } from './auth-types';
import fp from 'fastify-plugin';
import { isApiPath } from './security-headers';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session (refresh family) of the caller's access token; null for secure-link tokens. */
    sessionId: string | null;
  }
}

/** api/access-policy.ts keyed by Fastify's route form (`:id`), as request.routeOptions.url has it. */
const POLICY_BY_ROUTE = new Map<string, Access | undefined>(
  API_PATHS.map((entry) => [accessKey(entry.method, toRouterPath(entry.path)), ACCESS_POLICY[accessKey(entry.method, entry.path)]]),
);

/**
 * Who may call a route. A spec path (API_PATHS) follows the access policy, whatever the route
 * declares, so the 501 placeholders are guarded exactly like the real calls. Any other route
 * follows its `config.roles`; without one, a non-API route (SPA, language files) and the open
 * infrastructure paths (health, docs, dev outbox) are public and any other /api route is
 * denied (401 anonymous, 403 signed in): new routes are closed until someone opens them.
 */
export function routeAccess(method: string, routeUrl: string, roles: RouteRoles | undefined): Access | undefined {
  const key = accessKey(method === 'HEAD' ? 'GET' : method, routeUrl);
  if (POLICY_BY_ROUTE.has(key)) return POLICY_BY_ROUTE.get(key);
  if (roles !== undefined) return roles;
  // Judged by the route, not the request: the SPA's `/*` also sees /api misses (and 404s them).
  if (!isApiPath(routeUrl) || isOpenInfrastructurePath(routeUrl)) return PUBLIC;
  return undefined;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer ([A-Za-z0-9._~+/=-]+)$/.exec(header);
  return match?.[1];
}

/**
 * Authentication and authorisation in one place: `app.authenticate` verifies the
 * access token (HS256 only, issuer, audience, typ, expiry; its session not revoked) and sets
 * `request.user`; an onRequest hook, before any body is read, applies the access policy to
 * every route: anonymous -> 401, signed in without an allowed role -> 403.
 */
export const authPlugin = fp(
  async (app) => {
    // The services' own session repository, token verifier and clock (src/services.ts): one revocation cache, one time.
    const { sessionRepository: sessions, accessTokens, clock } = app.services;
    app.decorateRequest('user', null);
    app.decorateRequest('sessionId', null);

    function signedIn(request: FastifyRequest, claims: AccessClaims): void {
      request.user = { id: claims.sub, roles: claims.roles, scopes: claims.scopes, agencyId: claims.agencyId } satisfies AuthUser;
      request.sessionId = claims.sid;
    }

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const token = bearerToken(request);
      if (!token) throw AppError.http(401);
      const claims = await accessTokens.verify(token, clock.now());
      // A signed-out (or replayed, or password-changed) session's access tokens stop at once.
      if (!claims || (claims.sid !== null && (await sessions.isFamilyRevoked(claims.sid)))) throw AppError.http(401);
      signedIn(request, claims);
    });

    /** The access policy's answer for the caller `authenticate` found: undefined to go on. */
    function refusal(access: Access | undefined, request: FastifyRequest): AppError | undefined {
      const decision = decideAccess(access, request.user?.roles ?? null);
      if (decision === 'unauthenticated') return AppError.http(401);
      if (decision === 'forbidden') return AppError.http(403);
      return undefined;
    }

    // Callback style: a public route (most static files, health) costs no promise, nor does a
    // token and session checked moments ago (most signed-in requests).
    app.addHook('onRequest', (request, reply, done) => {
      const routeUrl = request.routeOptions.url;
      // No route matched: the not-found handler answers 404 (nothing to protect, nothing to reveal).
      if (routeUrl === undefined || request.is404) return done();
      const access = routeAccess(request.method, routeUrl, request.routeOptions.config.roles);
      if (access === PUBLIC) return done();
      const token = bearerToken(request);
      if (!token) return done(AppError.http(401));
      const known = accessTokens.known(token, clock.now());
      if (known === null) return done(AppError.http(401));
      if (known !== undefined) {
        const revoked = known.sid === null ? false : sessions.knownRevocation(known.sid);
        if (revoked) return done(AppError.http(401));
        if (revoked === false) {
          signedIn(request, known);
          return done(refusal(access, request));
        }
      }
      app.authenticate(request, reply).then(() => done(refusal(access, request)), done);
    });

    // The handler and everything it starts act for the signed-in user (lib/acting-user.ts), so
    // shared resources can take users in turn (the PDF renderer). Entered after the body is read:
    // the body's stream events run outside the request's async context.
    app.addHook('preHandler', (request, _reply, done) => {
      if (!request.user) return done();
      asActingUser(request.user.id, done);
    });
  },
  { name: 'auth' },
);
