import { webcrypto } from 'node:crypto';
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

const VERIFIED_MAX = 10_000;

/**
 * Checks access tokens signed with one secret (one per app, built by the composition root). Tokens
 * that passed the full check are remembered with their claims and expiry, so the next request
 * with the same token (the SPA sends one token for up to 15 minutes) skips the signature check
 * (an asynchronous WebCrypto job: a tenth of a trivial request's cost). Only a token this
 * verifier checked gets in; the expiry is checked against `now` on every use; bounded size.
 */
export class AccessTokenVerifier {
  /** The HMAC key, imported once (jose would import a raw key on every call). */
  private key: Promise<webcrypto.CryptoKey> | undefined;
  private readonly verified = new Map<string, { exp: number; claims: AccessClaims }>();

  constructor(private readonly secret: string) {}

  /**
   * A token this verifier checked before, answered without a promise: its claims while unexpired,
   * null once expired, undefined when it was never seen (`verify` checks it).
   */
  known(token: string, now: Date): AccessClaims | null | undefined {
    const known = this.verified.get(token);
    if (!known) return undefined;
    // jose's rule: expired when exp <= now (seconds).
    return known.exp > Math.floor(now.getTime() / 1000) ? known.claims : null;
  }

  /**
   * Verifies an access token, or returns null. Only HS256 is accepted (so `alg: none` and any
   * asymmetric-key confusion fail), with our issuer, audience and typ, an expiry in the future
   * and the claims we need. A refresh token is opaque (not a JWT) and fails here.
   */
  async verify(token: string, now: Date): Promise<AccessClaims | null> {
    const known = this.known(token, now);
    if (known !== undefined) return known;
    this.key ??= webcrypto.subtle.importKey('raw', keyOf(this.secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: ['HS256'],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        typ: ACCESS_TOKEN_TYPE,
        currentDate: now,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (typeof payload.sub !== 'string' || payload.sub === '' || !Array.isArray(payload.roles)) return null;
      // Frozen: the same object answers every later request with this token.
      const claims: AccessClaims = Object.freeze({
        sub: payload.sub,
        roles: Object.freeze(payload.roles.filter(isRole)) as Role[],
        scopes: Object.freeze(
          Array.isArray(payload.scopes) ? payload.scopes.filter((s): s is string => typeof s === 'string') : [],
        ) as string[],
        agencyId: typeof payload.agencyId === 'string' ? payload.agencyId : null,
        sid: typeof payload.sid === 'string' ? payload.sid : null,
      });
      if (typeof payload.exp === 'number') {
        this.verified.set(token, { exp: payload.exp, claims });
        if (this.verified.size > VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value as string);
      }
      return claims;
    } catch {
      return null;
    }
  }
}
