/** How long a cached answer is served at most, whatever the invalidations (the safety net). */
export const RESPONSE_CACHE_TTL_MS = 30_000;
/** At most this many answers kept (least recently used dropped first). */
export const RESPONSE_CACHE_MAX = 5_000;
/** Tags remembered before the whole cache is started afresh (memory stays bounded). */
const MAX_TAGS = 50_000;

/** A serialized JSON answer, with what the audit trail records of it (a cache hit is audited too). */
export interface CachedAnswer {
  body: string;
  auditDetails?: Record<string, unknown>;
}

interface Entry {
  answer: CachedAnswer;
  tags: readonly string[];
  /** The ticket taken before the data was read: valid while no tag was invalidated after it. */
  ticket: number;
  expires: number;
}

/**
 * Serialized JSON answers of hot read routes (issue 4 contact search, issue 7 policy search and
 * detail), kept a few seconds and dropped the moment the data behind them changes. Each answer
 * carries tags (`contacts:<owner>`, `policies`); a write invalidates its tags. Correct under
 * concurrency: a reader takes a `ticket()` BEFORE it queries, and an answer stored with a ticket
 * older than an invalidation of one of its tags is never served, so a read that raced a write
 * cannot bring the old data back. Writes made by this process invalidate at once (the service
 * calls `invalidate` before it answers: read-your-writes); writes by any other process (another
 * server on the same PostgreSQL, the feed importer, the retention sweep) arrive through the
 * database triggers' NOTIFY (`cache-bus.ts`). While that channel is down nothing is served.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly invalidatedAt = new Map<string, number>();
  private readonly building = new Map<string, { answer: Promise<CachedAnswer>; tags: readonly string[]; ticket: number }>();
  private clock = 0;
  /** Answers built from a ticket below this are never stored (set by `clear`). */
  private floor = 0;
  private enabled = true;

  constructor(
    private readonly ttlMs = RESPONSE_CACHE_TTL_MS,
    private readonly max = RESPONSE_CACHE_MAX,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Take before reading the data an answer will be built from. */
  ticket(): number {
    return ++this.clock;
  }

  get(key: string): CachedAnswer | undefined {
    if (!this.enabled) return undefined;
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.now() >= entry.expires || !this.fresh(entry.tags, entry.ticket)) {
      this.entries.delete(key);
      return undefined;
    }
    // Most recently used last: the Map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.answer;
  }

  set(key: string, tags: readonly string[], answer: CachedAnswer, ticket: number): void {
    if (!this.enabled || !this.fresh(tags, ticket)) return;
    this.entries.delete(key);
    this.entries.set(key, { answer, tags, ticket, expires: this.now() + this.ttlMs });
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /**
   * The answer for `key`: cached, or joined while another request builds it (one database read for
   * many concurrent callers: no stampede when a popular answer expires), or built by `build`
   * and stored. A build started before an invalidation of one of its tags is not joined.
   */
  async answer(key: string, tags: readonly string[], build: () => Promise<CachedAnswer>): Promise<CachedAnswer> {
    const hit = this.get(key);
    if (hit !== undefined) return hit;
    const running = this.building.get(key);
    if (running && this.enabled && this.fresh(running.tags, running.ticket)) return running.answer;
    const ticket = this.ticket();
    const answer = build();
    const entry = { answer, tags, ticket };
    this.building.set(key, entry);
    try {
      const built = await answer;
      this.set(key, tags, built, ticket);
      return built;
    } finally {
      if (this.building.get(key) === entry) this.building.delete(key);
    }
  }

  private fresh(tags: readonly string[], ticket: number): boolean {
    return ticket >= this.floor && !tags.some((tag) => (this.invalidatedAt.get(tag) ?? 0) > ticket);
  }

  /** Every answer tagged `tag` is stale from now on (and answers being built now are not stored). */
  invalidate(tag: string): void {
    this.invalidatedAt.set(tag, ++this.clock);
    if (this.invalidatedAt.size > MAX_TAGS) this.clear();
  }

  /** Forget everything (the invalidation channel was lost: what was missed is unknown). */
  clear(): void {
    this.entries.clear();
    this.invalidatedAt.clear();
    // Answers being built now carry tickets up to the clock: none of them may be stored.
    this.floor = ++this.clock;
  }

  /** Off while invalidations from other processes cannot be heard (and on again after a clear). */
  setEnabled(enabled: boolean): void {
    if (enabled && !this.enabled) this.clear();
    this.enabled = enabled;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Tags (migration 0012's triggers send the same strings): any policy data, one owner's contacts and activities. */
export const POLICIES_CACHE_TAG = 'policies';
export const contactsCacheTag = (ownerUserId: string): string => `contacts:${ownerUserId}`;
