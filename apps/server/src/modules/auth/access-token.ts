import { jwtVerify, SignJWT } from 'jose';
import { isRole, type Role } from '@portal/domain/codes/roles';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '../../plugins/auth-types';
import { randomToken } from './auth-crypto';

/** The JOSE header `typ` of our access tokens (explicit typing, RFC 8725 §3.11). */
export const ACCESS_TOKEN_TYPE = 'access';

export interface AccessClaims {
  /** The user's id (a candidate's id for ROLE_CNL secure-link sessions). */
  sub: string;
  roles: Role[];
  scopes: string[];
  agencyId: string | null;
  /** The refresh family (session) this token belongs to; revoking it ends the token. */
  sid: string | null;
}

function keyOf(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * Signs an access token: HS256 with the server's JWT secret, issuer `advisor-portal`, audience
 * `advisor-portal-api`, header typ `access`. Other modules may mint tokens with this (the
 * candidate secure link, ROLE_CNL) so that the one verifier below accepts them.
 */
export async function signAccessToken(secret: string, claims: AccessClaims, now: Date, ttlSeconds: number): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ roles: claims.roles, scopes: claims.scopes, agencyId: claims.agencyId, ...(claims.sid ? { sid: claims.sid } : {}) })
    .setProtectedHeader({ alg: 'HS256', typ: ACCESS_TOKEN_TYPE })
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setSubject(claims.sub)
    .setJti(randomToken())
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(keyOf(secret));
}

/**
 * Verifies an access token, or returns null. Only HS256 is accepted (so `alg: none` and any
 * asymmetric-key confusion fail), with our issuer, audience and typ, an expiry in the future
 * and the claims we need. A refresh token is opaque (not a JWT) and fails here.
 */
export async function verifyAccessToken(secret: string, token: string, now: Date): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      typ: ACCESS_TOKEN_TYPE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    if (typeof payload.sub !== 'string' || payload.sub === '' || !Array.isArray(payload.roles)) return null;
    return {
      sub: payload.sub,
      roles: payload.roles.filter(isRole),
      scopes: Array.isArray(payload.scopes) ? payload.scopes.filter((s): s is string => typeof s === 'string') : [],
      agencyId: typeof payload.agencyId === 'string' ? payload.agencyId : null,
      sid: typeof payload.sid === 'string' ? payload.sid : null,
    };
  } catch {
    return null;
  }
}
