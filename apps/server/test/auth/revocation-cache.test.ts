import { describe, expect, it } from 'vitest';
import { RevocationCache } from '../../src/modules/auth/revocation-cache';

// In-process invalidation (logout, refresh-token reuse, password change) is proven end to end by
// tokens.test.ts and password-reset.test.ts: each uses an access token (cached as live) and
// expects 401 right after the revocation. Here: the cache's own rules.
describe('RevocationCache', () => {
  function cache(ttl = 1000, max = 3) {
    let now = 0;
    const c = new RevocationCache(ttl, max, () => now);
    return {
      c,
      advance: (ms: number) => {
        now += ms;
      },
    };
  }

  it('trusts a live answer for the TTL only, then asks again', () => {
    const { c, advance } = cache();
    expect(c.get('s1')).toBeUndefined();
    c.set('s1', false);
    expect(c.get('s1')).toBe(false);
    advance(999);
    expect(c.get('s1')).toBe(false);
    advance(1);
    expect(c.get('s1')).toBeUndefined();
  });

  it('keeps a revocation for good, and a late live answer does not undo it', () => {
    const { c, advance } = cache();
    c.set('s1', false);
    c.revoked(['s1']);
    expect(c.get('s1')).toBe(true);
    c.set('s1', false); // a check that read the database before the revocation committed
    advance(60_000);
    expect(c.get('s1')).toBe(true);
  });

  it('stays bounded, dropping the oldest entries first', () => {
    const { c } = cache(1000, 3);
    for (const id of ['a', 'b', 'c', 'd']) c.set(id, false);
    expect(c.size).toBe(3);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('d')).toBe(false);
  });
});
