import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { catalogueSchema, type Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import type { CatalogueRepository } from './catalogue.repository';

/** sha-256 of the catalogue as JSON with sorted keys (the same data always gives the same sum). */
export function catalogueChecksum(catalogue: Catalogue): string {
  const canonical = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(canonical);
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.keys(value).sort().map((k) => [k, canonical((value as Record<string, unknown>)[k])]));
    }
    return value;
  };
  return createHash('sha256').update(JSON.stringify(canonical(catalogue))).digest('hex');
}

/**
 * The catalogue versions in memory, as read back from the catalogue_* tables at start: the
 * premium engine and the product calls never query the database per request.
 */
export class CatalogueStore {
  private readonly versions: ReadonlyMap<string, Catalogue>;

  constructor(catalogues: readonly Catalogue[], readonly current: Catalogue) {
    this.versions = new Map(catalogues.map((c) => [c.version, c]));
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
 * one with the latest effective date on or before `today` (else the earliest).
 */
export async function loadCatalogueStore(
  repository: CatalogueRepository,
  sources: readonly Catalogue[],
  today: string,
  log: FastifyBaseLogger,
): Promise<CatalogueStore> {
  const seeded = new Map((await repository.versions()).map((v) => [v.version, v]));
  for (const source of sources) {
    const checksum = catalogueChecksum(source);
    const existing = seeded.get(source.version);
    if (existing) {
      // A seeded version is never rewritten (proposals were priced with it): a changed source needs a new version.
      if (existing.checksum !== checksum) log.warn({ version: source.version }, 'catalogue source differs from the seeded version; keeping the seeded data (publish a new version instead)');
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
  const effective = catalogues.filter((c) => c.effectiveDate <= today);
  const current = (effective.length > 0 ? effective : catalogues).reduce((a, b) => (b.effectiveDate >= a.effectiveDate ? b : a));
  return new CatalogueStore(catalogues, current);
}
