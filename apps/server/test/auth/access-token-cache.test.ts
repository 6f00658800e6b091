import { describe, expect, it } from 'vitest';
import { AccessTokenVerifier, signAccessToken } from '../../src/modules/auth/access-token';

const SECRET = 'cache-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const OTHER = 'another-secret-0123456789abcdefghijklmnopqrstuvwxyz-xyz';
const NOW = new Date('2026-11-28T03:00:00Z');

// The verifier remembers tokens it verified (access-token.ts); the remembered answer must follow
// the same rules as a full check, and one app's verifier knows nothing of another's.
describe('verified access tokens, remembered', () => {
  it('answers a repeat like the first check, never for another secret, and not after expiry', async () => {
    const verifier = new AccessTokenVerifier(SECRET);
    const claims = { sub: 'u-1', roles: ['ROLE_AA' as const], scopes: [], agencyId: null, sid: 's-1' };
    const token = await signAccessToken(SECRET, claims, NOW, 900);
    expect(verifier.known(token, NOW)).toBeUndefined();
    const first = await verifier.verify(token, NOW);
    expect(first).toEqual(claims);
    expect(verifier.known(token, new Date(NOW.getTime() + 60_000))).toBe(first);
    expect(await verifier.verify(token, new Date(NOW.getTime() + 60_000))).toEqual(claims);
    const other = new AccessTokenVerifier(OTHER);
    expect(other.known(token, NOW)).toBeUndefined();
    expect(await other.verify(token, NOW)).toBeNull();
    expect(verifier.known(token, new Date(NOW.getTime() + 900_000))).toBeNull();
    expect(await verifier.verify(token, new Date(NOW.getTime() + 900_000))).toBeNull();
    // A one-character change is a different token: fully checked, and refused.
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}${token.slice(-1)}`;
    expect(await verifier.verify(tampered, NOW)).toBeNull();
    expect(Object.isFrozen(first)).toBe(true);
  });
});
