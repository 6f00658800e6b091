import { jwtVerify, SignJWT } from 'jose';
import { deriveKey } from '../modules/auth/auth-crypto';

const ISSUER = 'advisor-portal';

/**
 * A link token: a JWT (HS256) signed with a key derived from the server secret for one purpose only
 * (`candidate-link`, `proposal-link`, …), with that purpose as its `typ` and in its audience, so a
 * token made for one purpose never passes as another's, nor as an access token. It names the link
 * or grant (jti) and its subject (sub); the server keeps only its SHA-256 where a link is single use.
 */
export async function signLinkToken(
  secret: string,
  purpose: string,
  claims: { id: string; subject: string },
  now: Date,
  ttlSeconds: number,
): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: purpose })
    .setIssuer(ISSUER)
    .setAudience(`${ISSUER}-${purpose}`)
    .setSubject(claims.subject)
    .setJti(claims.id)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(deriveKey(secret, purpose));
}

/** The id and subject a token of `purpose` names, or null when it is forged, malformed, expired or made for another purpose. */
export async function verifyLinkToken(
  secret: string,
  purpose: string,
  token: string,
  now: Date,
): Promise<{ id: string; subject: string } | null> {
  try {
    const { payload } = await jwtVerify(token, deriveKey(secret, purpose), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: `${ISSUER}-${purpose}`,
      typ: purpose,
      currentDate: now,
      requiredClaims: ['sub', 'jti', 'exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.jti !== 'string') return null;
    return { id: payload.jti, subject: payload.sub };
  } catch {
    return null;
  }
}
