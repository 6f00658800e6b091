import { describe, expect, it } from 'vitest';
import { signAccessToken, verifyAccessToken } from '../../src/modules/auth/access-token';

const SECRET = 'cache-test-secret-0123456789abcdefghijklmnopqrstuvwxyz';
const OTHER = 'another-secret-0123456789abcdefghijklmnopqrstuvwxyz-xyz';

// verifyAccessToken remembers tokens it verified (access-token.ts); the remembered answer must
// follow the same rules as a full check.
describe('verified access tokens, remembered', () => {
  it('answers a repeat like the first check, never for another secret, and not after expiry', async () => {
    const now = new Date();
    const claims = { sub: 'u-1', roles: ['ROLE_AA' as const], scopes: [], agencyId: null, sid: 's-1' };
    const token = await signAccessToken(SECRET, claims, now, 900);
    const first = await verifyAccessToken(SECRET, token, now);
    expect(first).toEqual(claims);
    expect(await verifyAccessToken(SECRET, token, new Date(now.getTime() + 60_000))).toEqual(claims);
    expect(await verifyAccessToken(OTHER, token, now)).toBeNull();
    expect(await verifyAccessToken(SECRET, token, new Date(now.getTime() + 900_000))).toBeNull();
    // A one-character change is a different token: fully checked, and refused.
    const tampered = `${token.slice(0, -2)}${token.endsWith('A') ? 'B' : 'A'}${token.slice(-1)}`;
    expect(await verifyAccessToken(SECRET, tampered, now)).toBeNull();
    expect(Object.isFrozen(first)).toBe(true);
  });
});
