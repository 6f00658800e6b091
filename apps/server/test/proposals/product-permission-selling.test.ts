// Product permissions where an advisor sells: once the agency admin limits an advisor to some
// products, the product calls offer only those (the quote form, its browser engine's catalogue)
// and the premium engine refuses a quote for any other with 403 product_not_permitted. The
// advisor keeps one access token throughout: permissions are read on every call, not from it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProductsResponse } from '@portal/domain/contracts/candidates/agent-products';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { agency } from '../../src/db/schema/agency.table';
import { appUser } from '../../src/db/schema/app-user.table';
import { bearerFor, createTestApp, xsrfHeaders, type TestApp } from '../helpers/test-app';

/** Where the app's clock starts in this file: 00:30 on 16 June in Phnom Penh, while UTC is still on 15 June. */
const NOW = new Date('2026-06-15T17:30:00Z');

function bornYearsAgo(years: number): string {
  const [y, m, d] = todayInPhnomPenh(NOW).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y - years, m - 1, d - 10)).toISOString().slice(0, 10);
}

const TERM_QUOTE = {
  productCode: 'TERM',
  lifeInsured: { dateOfBirth: bornYearsAgo(35), gender: 'F' },
  faceAmount: '25000.00',
  riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000.00' }, { code: 'CIWOP' }],
};

describe('product permissions on the quote form, the product list and the engine', () => {
  let t: TestApp;
  let advisorId: string;
  let advisor: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const [office] = await t.db.insert(agency).values({ code: 'AG-PP-01', name: 'Permissions Agency', nameKh: 'ភ្នាក់ងារ' }).returning();
    const agencyId = (office as { id: string }).id;
    const [aap, aa] = await t.db
      .insert(appUser)
      .values([
        { username: `aap.${randomUUID().slice(0, 8)}`, displayName: 'Seller', roles: ['ROLE_AAP'], agencyId, agentCode: 'AAP09901' },
        { username: `aa.${randomUUID().slice(0, 8)}`, displayName: 'Admin', roles: ['ROLE_AA'], agencyId },
      ])
      .returning({ id: appUser.id });
    advisorId = (aap as { id: string }).id;
    advisor = { ...(await bearerFor(t, { sub: advisorId, roles: ['ROLE_AAP'], agencyId })), ...xsrfHeaders() };
    admin = { ...(await bearerFor(t, { sub: (aa as { id: string }).id, roles: ['ROLE_AA'], agencyId })), ...xsrfHeaders() };
  }, 60_000);
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: advisor });
  const calculate = () => t.app.inject({ method: 'POST', url: '/api/engine/v1/calculate', headers: advisor, payload: TERM_QUOTE });
  const offered = async () => {
    const types = (await get('/api/product/v1/types')).json() as { types: { products: { code: string }[] }[] };
    const plans = (await get('/api/product/v1/?include=rates')).json() as {
      products: { code: string }[];
      catalogue: { products: { code: string }[] };
    };
    return {
      types: types.types.flatMap((ty) => ty.products.map((p) => p.code)).sort(),
      plans: plans.products.map((p) => p.code).sort(),
      engine: plans.catalogue.products.map((p) => p.code).sort(),
    };
  };
  async function permit(productCodes: string[]): Promise<void> {
    const now = (
      await t.app.inject({ method: 'GET', url: `/api/agent-product/v1/find/${advisorId}`, headers: admin })
    ).json() as AgentProductsResponse;
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/agent-product/v1/create',
      headers: admin,
      payload: { agentUserId: advisorId, productCodes, version: now.version },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }

  it('offers every product and quotes TERM while nothing is saved', async () => {
    const all = await offered();
    expect(all.types).toContain('TERM');
    expect(all.types.length).toBeGreaterThan(2);
    expect((await calculate()).statusCode).toBe(200);
  });

  it('offers only the permitted products and refuses a quote for another, on the same token', async () => {
    await permit(['LPTL', 'EDU']);
    expect(await offered()).toEqual({ types: ['EDU', 'LPTL'], plans: ['EDU', 'LPTL'], engine: ['EDU', 'LPTL'] });
    const refused = await calculate();
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'product_not_permitted', messageKey: 'product_not_permitted' });

    await permit(['LPTL', 'EDU', 'TERM']);
    expect((await offered()).types).toEqual(['EDU', 'LPTL', 'TERM']);
    expect((await calculate()).statusCode).toBe(200);
  });
});
