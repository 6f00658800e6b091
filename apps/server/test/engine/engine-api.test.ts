import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { CURRENT_CATALOGUE, SEED_CATALOGUES } from '@portal/domain/catalogue/seed-catalogues';
import { catalogueSchema } from '@portal/domain/catalogue/catalogue-schema';
import { calculatePremiumResponseSchema } from '@portal/domain/contracts/engine/calculate-premium';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { findBasePlansResponseSchema } from '@portal/domain/contracts/products/find-base-plans';
import { findProductTypesResponseSchema } from '@portal/domain/contracts/products/find-product-types';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { catalogueRate } from '../../src/db/schema/catalogue-rate.table';
import { catalogueVersion } from '../../src/db/schema/catalogue-version.table';
import { CatalogueRepository } from '../../src/modules/products/catalogue.repository';
import { catalogueChecksum, loadCatalogueStore } from '../../src/modules/products/catalogue.service';
import { bearerFor, createTestApp, xsrfHeaders, type TestApp } from '../helpers/test-app';

/** Where the app's clock starts in this file: 00:30 on 16 June in Phnom Penh, while UTC is still on 15 June. */
const NOW = new Date('2026-06-15T17:30:00Z');
const TODAY = '2026-06-16';

/** A birth date `years` years and `days` days before TODAY. */
function bornYearsAgo(years: number, days = 10): string {
  const [y, m, d] = TODAY.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y - years, m - 1, d - days));
  return date.toISOString().slice(0, 10);
}

const TERM_QUOTE = {
  productCode: 'TERM',
  lifeInsured: { dateOfBirth: bornYearsAgo(35), gender: 'F' },
  faceAmount: '25000.00',
  riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000.00' }, { code: 'CIWOP' }],
};

describe('premium engine and product catalogue over HTTP', () => {
  let t: TestApp;
  let advisor: Record<string, string>;
  let trainee: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    advisor = { ...(await bearerFor(t, { roles: ['ROLE_AAP'] })), ...xsrfHeaders() };
    trainee = { ...(await bearerFor(t, { roles: ['ROLE_TRAINEE'] })), ...xsrfHeaders() };
  }, 60_000);
  afterAll(() => t.close());

  const calculate = (body: unknown, headers: Record<string, string> = advisor) =>
    t.app.inject({ method: 'POST', url: '/api/engine/v1/calculate', headers, payload: body as Record<string, unknown> });

  it('seeds the catalogue into its tables at start, without demo mode', async () => {
    const versions = await t.db.select().from(catalogueVersion);
    expect(versions.map((v) => v.version)).toEqual(SEED_CATALOGUES.map((c) => c.version));
    expect(versions[0]?.checksum).toBe(catalogueChecksum(CURRENT_CATALOGUE));
    const [rates] = await t.db.select({ n: count() }).from(catalogueRate).where(eq(catalogueRate.version, CURRENT_CATALOGUE.version));
    expect(rates?.n).toBe(CURRENT_CATALOGUE.rateTables.reduce((n, table) => n + table.rows.length, 0));
  });

  it('seeding again changes nothing and reads back the same catalogue', async () => {
    const repository = new CatalogueRepository(t.db);
    expect(await repository.seed(CURRENT_CATALOGUE, catalogueChecksum(CURRENT_CATALOGUE))).toBe(false);
    const store = await loadCatalogueStore(repository, SEED_CATALOGUES, t.app.log);
    expect(catalogueChecksum(store.current)).toBe(catalogueChecksum(CURRENT_CATALOGUE));
    expect(t.app.services.catalogue.current.version).toBe(CURRENT_CATALOGUE.version);
  });

  it('200: premiums per allowed mode and coverages, valid against the response schema, as the domain engine computes', async () => {
    const res = await calculate(TERM_QUOTE);
    expect(res.statusCode, res.body).toBe(200);
    const body = calculatePremiumResponseSchema.strict().parse(res.json());
    expect(Object.keys(body.premiumFirstYear).sort()).toEqual(['annual', 'monthly', 'quarterly', 'semiAnnual']);
    expect(body.coverages.map((c) => [c.coverageType, c.code])).toEqual([
      ['B', 'TERM'],
      ['R', 'TBUR'],
      ['R', 'TCIR'],
      ['W', 'CIWOP'],
    ]);
    expect(body.catalogueVersion).toBe(CURRENT_CATALOGUE.version);
    expect(todayInPhnomPenh(NOW)).toBe(TODAY);
    expect(body.calculationDate).toBe(TODAY);
    expect(body.lifeInsuredAge).toBe(35);
    // The browser runs the same engine on the same catalogue: the same answer.
    const local = calculatePremium(TERM_QUOTE as Parameters<typeof calculatePremium>[0], CURRENT_CATALOGUE, {
      today: body.calculationDate,
    });
    expect(local.ok && local.value).toEqual(body);
  });

  it('422 names the field and the rule of every broken rule', async () => {
    const res = await calculate({
      ...TERM_QUOTE,
      lifeInsured: { dateOfBirth: bornYearsAgo(66), gender: 'M' },
      faceAmount: '100000.01',
      riders: [{ code: 'TCIR' }],
    });
    expect(res.statusCode, res.body).toBe(422);
    const envelope = errorEnvelopeSchema.parse(res.json());
    expect(envelope.code).toBe(422);
    expect(envelope.errors).toEqual(
      expect.arrayContaining([
        { field: 'lifeInsured.dateOfBirth', key: 'max' },
        { field: 'faceAmount', key: 'max' },
        { field: 'riders.0.faceAmount', key: 'required' },
      ]),
    );
  });

  it('422 for a rider pair: WPDH without WPDL is riders.0.code required; with it, 200', async () => {
    const premier = { productCode: 'MLPX', lifeInsured: { dateOfBirth: bornYearsAgo(40), gender: 'M' }, faceAmount: '30000.00' };
    const alone = await calculate({ ...premier, riders: [{ code: 'WPDH' }] });
    expect(alone.statusCode).toBe(422);
    expect(errorEnvelopeSchema.parse(alone.json()).errors).toEqual([{ field: 'riders.0.code', key: 'required' }]);
    const paired = await calculate({ ...premier, riders: [{ code: 'WPDH' }, { code: 'WPDL' }] });
    expect(paired.statusCode, paired.body).toBe(200);
  });

  it('422 for a body that is not a request (schema errors use the same envelope)', async () => {
    const res = await calculate({ productCode: 'TERM', faceAmount: 5 });
    expect(res.statusCode).toBe(422);
    const fields = errorEnvelopeSchema.parse(res.json()).errors?.map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['lifeInsured', 'faceAmount']));
  });

  it('401 without a token, 403 for a role the access policy leaves out', async () => {
    expect((await calculate(TERM_QUOTE, xsrfHeaders())).statusCode).toBe(401);
    expect((await calculate(TERM_QUOTE, trainee)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/product/v1/types' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/product/v1/' })).statusCode).toBe(401);
  });

  it('GET /api/product/v1/types: the three package types with every base product', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/v1/types', headers: trainee });
    expect(res.statusCode, res.body).toBe(200);
    const body = findProductTypesResponseSchema.strict().parse(res.json());
    expect(body.types.map((type) => type.packageType)).toEqual(['health', 'life', 'save']);
    const codes = body.types.flatMap((type) => type.products.map((p) => p.code)).sort();
    expect(codes).toEqual(['EDU', 'ENDW', 'KRUR', 'LPTL', 'MLPX', 'MRTA', 'TERM', 'THCR', 'TMCR', 'TRRP']);
    expect(body.types.find((type) => type.packageType === 'health')?.products.map((p) => p.code)).toEqual(['THCR', 'TMCR']);
  });

  it('GET /api/product/v1/: base plans filtered by product, riders offered, rates only on request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/v1/?productCode=KRUR', headers: advisor });
    expect(res.statusCode, res.body).toBe(200);
    const body = findBasePlansResponseSchema.parse(res.json());
    expect(body.products.map((p) => p.code)).toEqual(['KRUR']);
    expect(body.products[0]?.plans.map((p) => p.planKey)).toEqual(['KRU01-01-02', 'KRU01-02-02', 'ATU01-01-02']);
    expect(body.products[0]?.faceAmount).toMatchObject({ max: 500_000, dropdownMax: 10_000 });
    expect(body.riders.map((r) => r.code)).toEqual(['FAUR']);
    expect(body.catalogue).toBeUndefined();

    const save = findBasePlansResponseSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/product/v1/?packageType=save', headers: advisor })).json(),
    );
    expect(save.products.map((p) => p.code)).toEqual(['EDU', 'ENDW']);

    const withRates = await t.app.inject({ method: 'GET', url: '/api/product/v1/?include=rates', headers: advisor });
    expect(withRates.statusCode).toBe(200);
    const full = findBasePlansResponseSchema.parse(withRates.json());
    expect(catalogueSchema.parse(full.catalogue)).toEqual(t.app.services.catalogue.current);
    expect(full.products).toHaveLength(10);

    // Small on the wire: gzipped for clients that accept it, and the same document.
    const gzipped = await t.app.inject({
      method: 'GET',
      url: '/api/product/v1/?include=rates',
      headers: { ...advisor, 'accept-encoding': 'gzip, deflate' },
    });
    expect(gzipped.statusCode).toBe(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toContain('accept-encoding');
    expect(gzipped.rawPayload.length).toBeLessThan(25_000);
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString('utf8'))).toEqual(withRates.json());
    expect(withRates.headers['content-encoding']).toBeUndefined();

    const bad = await t.app.inject({ method: 'GET', url: '/api/product/v1/?packageType=cars', headers: advisor });
    expect(bad.statusCode).toBe(422);
  });
});
