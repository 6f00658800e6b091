import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_CATALOGUE } from '@portal/domain/catalogue/seed-catalogues';
import type { Catalogue } from '@portal/domain/catalogue/catalogue-schema';
import type { CalculatePremiumRequest } from '@portal/domain/contracts/engine/calculate-premium';
import { EngineService } from '../../src/modules/engine/engine.service';
import { CatalogueRepository } from '../../src/modules/products/catalogue.repository';
import { CatalogueStore, loadCatalogueStore } from '../../src/modules/products/catalogue.service';
import { ProductsService } from '../../src/modules/products/products.service';
import { createTestApp, type TestApp } from '../helpers/test-app';

/** The seeded version, and a later one taking effect on 1 December 2026 (Phnom Penh). */
const FIRST: Catalogue = CURRENT_CATALOGUE;
const LATER: Catalogue = { ...CURRENT_CATALOGUE, version: '2026.12-test', effectiveDate: '2026-12-01' };
/** 30 November 2026, 23:59:59.999 in Phnom Penh (UTC+7), and the next millisecond: 1 December. */
const LAST_MOMENT = new Date('2026-11-30T16:59:59.999Z');
const MIDNIGHT = new Date('2026-11-30T17:00:00.000Z');

const QUOTE: CalculatePremiumRequest = {
  productCode: 'TERM',
  lifeInsured: { dateOfBirth: '1990-06-15', gender: 'F' },
  faceAmount: '25000.00',
  riders: [{ code: 'TBUR' }],
};

describe('the current catalogue version follows the Phnom Penh date (no restart)', () => {
  it('switches at Phnom Penh midnight of the effective date, and back when the clock goes back', () => {
    let now = new Date('2026-11-15T05:00:00Z');
    const store = new CatalogueStore([FIRST, LATER], undefined, () => now);
    expect(store.current).toBe(FIRST);
    now = LAST_MOMENT;
    expect(store.current).toBe(FIRST);
    now = MIDNIGHT;
    expect(store.current).toBe(LATER);
    now = new Date('2027-03-01T00:00:00Z');
    expect(store.current).toBe(LATER);
    now = LAST_MOMENT;
    expect(store.current).toBe(FIRST);
    // Before every version: the earliest.
    now = new Date('2025-06-01T00:00:00Z');
    expect(store.current).toBe(FIRST);
  });

  it('chooses once per Phnom Penh day: reads in between answer the same object without looking at the versions again', () => {
    let looks = 0;
    const counted = Object.defineProperty({ ...LATER }, 'effectiveDate', {
      get: () => {
        looks += 1;
        return LATER.effectiveDate;
      },
      enumerable: true,
    }) as Catalogue;
    let now = new Date('2026-11-30T00:00:00Z'); // 07:00 in Phnom Penh
    const store = new CatalogueStore([FIRST, counted], undefined, () => now);
    const first = store.current;
    const looksForTheDay = looks;
    expect(looksForTheDay).toBeGreaterThan(0);
    for (let i = 0; i < 1_000; i += 1) {
      now = new Date(now.getTime() + 30_000); // to 15:20 in Phnom Penh, the same day
      expect(store.current).toBe(first);
    }
    expect(looks).toBe(looksForTheDay);
    now = MIDNIGHT;
    expect(store.current).toBe(counted);
    expect(looks).toBeGreaterThan(looksForTheDay);
  });

  it('a pinned store always answers its version', () => {
    const store = new CatalogueStore([FIRST, LATER], FIRST, () => MIDNIGHT);
    expect(store.current).toBe(FIRST);
  });
});

describe("a version seeded for a later date becomes current in the running server's store", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('the engine and the product calls price with the new version from its effective date on', async () => {
    let now = LAST_MOMENT;
    const repository = new CatalogueRepository(t.db);
    const store = await loadCatalogueStore(repository, [FIRST, LATER], t.app.log, () => now);
    expect(
      store
        .all()
        .map((c) => c.version)
        .sort(),
    ).toEqual([FIRST.version, LATER.version].sort());
    const engine = new EngineService(store, () => now);
    const products = new ProductsService(store);

    const before = engine.calculate(QUOTE);
    expect(before.catalogueVersion).toBe(FIRST.version);
    expect(products.types().catalogueVersion).toBe(FIRST.version);

    now = MIDNIGHT;
    const after = engine.calculate(QUOTE);
    expect(after.catalogueVersion).toBe(LATER.version);
    expect(store.current.version).toBe(LATER.version);
    expect(products.types().catalogueVersion).toBe(LATER.version);
    expect(products.basePlans({ include: 'rates' }).catalogue?.version).toBe(LATER.version);
  }, 120_000);
});
