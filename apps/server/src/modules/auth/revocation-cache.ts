/** How long a "not revoked" answer is trusted before the database is asked again. */
export const REVOCATION_CACHE_TTL_MS = 5_000;
/** At most this many sessions remembered (oldest dropped first): memory stays bounded. */
export const REVOCATION_CACHE_MAX = 10_000;

interface Entry {
  revoked: boolean;
  /** performance.now() after which a "not revoked" answer must be checked again. */
  until: number;
}

/**
 * The answer to "is this session revoked?" for a few seconds, so a signed-in request does not
 * cost a database round trip each time. Revocation is final, so a revoked answer is
 * kept until evicted; a live answer for REVOCATION_CACHE_TTL_MS. Every revocation made by this
 * process marks its families revoked here at once (logout, reuse, password change): in one
 * process an access token stops at the very next request, exactly as without the cache. With
 * several server processes on one database, a revocation made by ANOTHER process reaches this
 * one within the TTL (5 s; an access token lives 15 minutes anyway).
 */
export class RevocationCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = REVOCATION_CACHE_TTL_MS,
    private readonly max = REVOCATION_CACHE_MAX,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** true/false when known and fresh, undefined when the database must be asked. */
  get(familyId: string): boolean | undefined {
    const entry = this.entries.get(familyId);
    if (!entry) return undefined;
    if (entry.revoked) return true;
    if (this.now() < entry.until) return false;
    this.entries.delete(familyId);
    return undefined;
  }

  /** Remembers the database's answer (a "live" answer read before a revocation never undoes it). */
  set(familyId: string, revoked: boolean): void {
    if (!revoked && this.entries.get(familyId)?.revoked) return;
    this.entries.delete(familyId); // re-insert: the Map's order is the eviction order
    this.entries.set(familyId, { revoked, until: this.now() + this.ttlMs });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Called by every revocation in this process, before it answers. */
  revoked(familyIds: Iterable<string>): void {
    for (const id of familyIds) this.set(id, true);
  }

  get size(): number {
    return this.entries.size;
  }
}
