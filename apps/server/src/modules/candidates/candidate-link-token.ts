import { signLinkToken as sign, verifyLinkToken as verify } from '../../lib/link-token';

/** How long a secure link may be opened (expiring); a used link is dead at once. */
export const CANDIDATE_LINK_TTL_SECONDS = 72 * 60 * 60;
/** How long the ROLE_CNL session a verified link gives lasts (no refresh: open the form again with a new link). */
export const CANDIDATE_SESSION_TTL_SECONDS = 60 * 60;

const PURPOSE = 'candidate-link';

/** The secure link's token (lib/link-token.ts), naming the link (jti) and the candidate (sub). */
export function signLinkToken(secret: string, claims: { linkId: string; candidateId: string }, now: Date): Promise<string> {
  return sign(secret, PURPOSE, { id: claims.linkId, subject: claims.candidateId }, now, CANDIDATE_LINK_TTL_SECONDS);
}

/** The link and candidate a token names, or null when it is forged, malformed or expired. */
export async function verifyLinkToken(secret: string, token: string, now: Date): Promise<{ linkId: string; candidateId: string } | null> {
  const claims = await verify(secret, PURPOSE, token, now);
  return claims && { linkId: claims.id, candidateId: claims.subject };
}
