import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { catalogueSchema, type Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import { phnomPenhDate } from '@portal/domain/format/date';
import type { CatalogueRepository } from './catalogue.repository';

/** sha-256 of the catalogue as JSON with sorted keys (the same data always gives the same sum). */
export function catalogueChecksum(catalogue: Catalogue): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.keys(value)
          .sort()
          .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
      );
    }
    return value;
  };
  return createHash('sha256')
    .update(JSON.stringify(canonical(catalogue)))
    .digest('hex');
}

/** Phnom Penh is UTC+7 all year (no daylight saving). */
const PHNOM_PENH_OFFSET_MS = 7 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The version in force on `today` (YYYY-MM-DD): the latest effective on or before it, else the earliest. */
export function catalogueInForce(catalogues: readonly Catalogue[], today: string): Catalogue {
  if (catalogues.length === 0) throw new Error('No product catalogue version.');
  const effective = catalogues.filter((c) => c.effectiveDate <= today);
  if (effective.length === 0) return catalogues.reduce((a, b) => (b.effectiveDate < a.effectiveDate ? b : a));
  return effective.reduce((a, b) => (b.effectiveDate >= a.effectiveDate ? b : a));
}

/**
 * The catalogue versions in memory, as read back from the catalogue_* tables at start: the
 * premium engine and the product calls never query the database per request. `current` is the
 * version in force on today's Phnom Penh date, so a version whose effective date arrives while
 * the server runs becomes current at that midnight, without a restart. It is read on every
 * premium calculation, so it is cheap: the choice is kept with the Phnom Penh day it was made
 * for and made again only when the clock leaves that day (one comparison of numbers per read);
 * while the version is unchanged the same object is answered (the engine memoises per object).
 */
export class CatalogueStore {
  private readonly versions: ReadonlyMap<string, Catalogue>;
  private readonly pinned: Catalogue | undefined;
  private chosen: Catalogue | undefined;
  /** The Phnom Penh day `chosen` is for, as [start, end) in epoch milliseconds. */
  private dayStart = Number.POSITIVE_INFINITY;
  private dayEnd = Number.NEGATIVE_INFINITY;

  /**
   * `pinned`: always answer this version (a test's fixed catalogue); otherwise the version in
   * force on `now`'s Phnom Penh date.
   */
  constructor(
    catalogues: readonly Catalogue[],
    pinned?: Catalogue,
    private readonly now: () => Date = () => new Date(),
  ) {
    if (catalogues.length === 0 && !pinned) throw new Error('No product catalogue version.');
    this.versions = new Map(catalogues.map((c) => [c.version, c]));
    this.pinned = pinned;
  }

  get current(): Catalogue {
    if (this.pinned) return this.pinned;
    const t = this.now().getTime();
    if (this.chosen === undefined || t < this.dayStart || t >= this.dayEnd) {
      this.dayStart = Math.floor((t + PHNOM_PENH_OFFSET_MS) / DAY_MS) * DAY_MS - PHNOM_PENH_OFFSET_MS;
      this.dayEnd = this.dayStart + DAY_MS;
      this.chosen = catalogueInForce([...this.versions.values()], phnomPenhDate(new Date(t)));
    }
    return this.chosen;
  }

  byVersion(version: string): Catalogue | undefined {
    return this.versions.get(version);
  }

  all(): Catalogue[] {
    return [...this.versions.values()];
  }
}

/**
 * Seeds every source version missing from the tables (idempotent, safe with several servers),
 * then loads all versions back from the tables and validates them. The current version is the
 * one with the latest effective date on or before today's Phnom Penh date by `now` (else the
 * earliest), chosen again when the date changes (CatalogueStore).
 */
export async function loadCatalogueStore(
  repository: CatalogueRepository,
  sources: readonly Catalogue[],
  log: FastifyBaseLogger,
  now: () => Date = () => new Date(),
): Promise<CatalogueStore> {
  const seeded = new Map((await repository.versions()).map((v) => [v.version, v]));
  for (const source of sources) {
    const checksum = catalogueChecksum(source);
    const existing = seeded.get(source.version);
    if (existing) {
      // A seeded version is never rewritten (proposals were priced with it): a changed source needs a new version.
      if (existing.checksum !== checksum)
        log.warn(
          { version: source.version },
          'catalogue source differs from the seeded version; keeping the seeded data (publish a new version instead)',
        );
      continue;
    }
    const inserted = await repository.seed(source, checksum);
    if (inserted) log.info({ version: source.version }, 'catalogue version seeded');
  }
  const versions = await repository.versions();
  const catalogues: Catalogue[] = [];
  for (const { version } of versions) {
    const loaded = await repository.load(version);
    if (loaded) catalogues.push(catalogueSchema.parse(loaded));
  }
  if (catalogues.length === 0) throw new Error('No product catalogue in the database and none to seed.');
  return new CatalogueStore(catalogues, undefined, now);
}
