import { jwtVerify, SignJWT } from 'jose';
import { deriveKey } from '../auth/auth-crypto';

/** How long a secure link may be opened (expiring); a used link is dead at once. */
export const CANDIDATE_LINK_TTL_SECONDS = 72 * 60 * 60;
/** How long the ROLE_CNL session a verified link gives lasts (no refresh: open the form again with a new link). */
export const CANDIDATE_SESSION_TTL_SECONDS = 60 * 60;

const ISSUER = 'advisor-portal';
const AUDIENCE = 'advisor-portal-candidate-link';
const TYPE = 'candidate-link';

/**
 * The secure link's token: a JWT (HS256) signed with a key derived from the server secret for this
 * purpose only (so it can never pass as an access token), naming the link (jti) and the candidate
 * (sub). The server keeps only its SHA-256; expiry is checked both here and on the stored row.
 */
export async function signLinkToken(secret: string, claims: { linkId: string; candidateId: string }, now: Date): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: TYPE })
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setSubject(claims.candidateId)
    .setJti(claims.linkId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + CANDIDATE_LINK_TTL_SECONDS)
    .sign(deriveKey(secret, 'candidate-link'));
}

/** The link and candidate a token names, or null when it is forged, malformed or expired. */
export async function verifyLinkToken(secret: string, token: string, now: Date): Promise<{ linkId: string; candidateId: string } | null> {
  try {
    const { payload } = await jwtVerify(token, deriveKey(secret, 'candidate-link'), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      typ: TYPE,
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
    return { linkId: payload.jti, candidateId: payload.sub };
  } catch {
    return null;
  }
}
