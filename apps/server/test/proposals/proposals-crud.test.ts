import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestAuditRows } from '../helpers/audit-rows';
import { CURRENT_CATALOGUE } from '@portal/domain/catalogue/seed-catalogues';
import { proposalResponseSchema, type ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { findProposalsResponseSchema, type FindProposalsResponse } from '@portal/domain/contracts/proposals/find-proposals';
import { calculatePremium } from '@portal/domain/engine/calculate-premium';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { signInAdvisor } from '../contacts/contact-client';
import { createProposal, expectFieldError, proposalsWorld, termQuote, type Advisor, type ProposalsWorld } from './proposal-client';

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/;

/** Where the app's clock starts in this file: 00:30 on 26 November in Phnom Penh, while UTC is still on 25 November. */
const NOW = new Date('2026-11-25T17:30:00Z');

describe('proposals: create, update (recalculated, optimistic locking), find, list and search, ownership', () => {
  let w: ProposalsWorld;
  let admin: Advisor;
  beforeAll(async () => {
    w = await proposalsWorld(NOW);
    admin = await signInAdvisor(w.t, 'demo.aa');
  }, 60_000);
  afterAll(() => w.t.close());

  it("create answers 201 with the engine's answer as the record: same premiums as the engine on the contacts' ages today", async () => {
    const res = await w.aap.post('/api/proposal/v1/create', {
      lifeInsuredContactId: w.insured.id,
      ...termQuote({ premiumMode: 'monthly' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json() as ProposalResponse;
    expect(proposalResponseSchema.strict().safeParse(body).success).toBe(true);
    const engine = calculatePremium(
      {
        productCode: 'TERM',
        lifeInsured: { dateOfBirth: '1990-05-10', gender: 'M' },
        faceAmount: '25000.00',
        policyTerm: 10,
        premiumTerm: 10,
        riders: [{ code: 'TBUR' }, { code: 'TCIR', faceAmount: '10000.00' }, { code: 'CIWOP' }],
      },
      CURRENT_CATALOGUE,
      { today: todayInPhnomPenh(NOW) },
    );
    if (!engine.ok) throw new Error(JSON.stringify(engine.errors));
    expect(body.quote).toEqual(engine.value);
    expect(body).toMatchObject({
      proposalNumber: expect.stringMatching(/^PR\d{8}$/),
      status: 'quoted',
      lifeInsured: { contactId: w.insured.id, firstName: 'Sokha', lastNameKh: 'ចាន់', dateOfBirth: '1990-05-10', gender: 'M' },
      policyOwner: { contactId: w.insured.id },
      relationshipCode: null,
      productCode: 'TERM',
      planKey: engine.value.planKey,
      faceAmount: '25000.00',
      premiumMode: 'monthly',
      premium: engine.value.premiumFirstYear.monthly?.premium,
      catalogueVersion: CURRENT_CATALOGUE.version,
      advisor: { name: 'Sokha Chan', code: 'AAP00001' },
      statusHistory: [{ status: 'quoted', at: expect.stringMatching(OFFSET_DATE_TIME), byName: 'Sokha Chan' }],
      version: 1,
    });
    expect((await w.aap.get(`/api/proposal/v1/find/${body.id}`)).json()).toEqual(body);
  });

  it('a separate owner needs a relationship code (spec §3: 08 father, 51 mother)', async () => {
    const base = { lifeInsuredContactId: w.insured.id, policyOwnerContactId: w.parent.id, ...termQuote() };
    expectFieldError(await w.aap.post('/api/proposal/v1/create', base), 'relationshipCode', 'required');
    expectFieldError(await w.aap.post('/api/proposal/v1/create', { ...base, relationshipCode: 'father' }), 'relationshipCode', 'pattern');
    const ok = await w.aap.post('/api/proposal/v1/create', { ...base, relationshipCode: '08' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ relationshipCode: '08', policyOwner: { contactId: w.parent.id, firstName: 'Vanna' } });
  });

  it("engine rules are 422 on the proposal's fields: face amount, rider pair, an age on the person's contact, a mode the product lacks", async () => {
    const body = (q: Record<string, unknown>) => ({ lifeInsuredContactId: w.insured.id, ...termQuote(q) });
    expectFieldError(await w.aap.post('/api/proposal/v1/create', body({ faceAmount: '100' })), 'faceAmount', 'min');
    expectFieldError(await w.aap.post('/api/proposal/v1/create', body({ faceAmount: '1,000,000' })), 'faceAmount', 'max');
    expectFieldError(await w.aap.post('/api/proposal/v1/create', body({ faceAmount: 'lots' })), 'faceAmount', 'pattern');
    expectFieldError(await w.aap.post('/api/proposal/v1/create', body({ premiumMode: 'singlePremium' })), 'premiumMode', 'invalid');
    expectFieldError(await w.aap.post('/api/proposal/v1/create', body({ riders: [{ code: 'NOPE' }] })), 'riders.0.code', 'invalid');
    const child = await w.aap.post('/api/contact/v1/create', {
      contactType: 'lifeInsured',
      firstName: 'Kid',
      lastName: 'Chan',
      gender: 'F',
      dateOfBirth: '2020-01-01',
      phone: '012-111-222',
    });
    expectFieldError(
      await w.aap.post('/api/proposal/v1/create', { ...body({}), lifeInsuredContactId: (child.json() as { id: string }).id }),
      'lifeInsuredContactId',
      'min',
    );
  });

  it("only the caller's own contacts can be put on a proposal (another advisor's is invalid, and nothing is saved)", async () => {
    const res = await w.aap2.post('/api/proposal/v1/create', { lifeInsuredContactId: w.insured.id, ...termQuote() });
    expectFieldError(res, 'lifeInsuredContactId', 'invalid');
    expect(res.body).not.toContain('Sokha');
    const list = (await w.aap2.get('/api/proposal/v1/find')).json() as FindProposalsResponse;
    expect(list.items).toEqual([]);
  });

  it('update recalculates, bumps the version, keeps the number and adds to the status history; a stale version is 409', async () => {
    const created = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });
    const url = `/api/proposal/v1/update/${created.id}`;
    const res = await w.aap.post(url, {
      lifeInsuredContactId: w.insured.id,
      ...termQuote({ faceAmount: '30000', premiumMode: 'quarterly', version: 1 }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json() as ProposalResponse;
    expect(updated).toMatchObject({
      id: created.id,
      proposalNumber: created.proposalNumber,
      faceAmount: '30000.00',
      premiumMode: 'quarterly',
      version: 2,
      createdDate: created.createdDate,
    });
    expect(updated.premium).toBe(updated.quote.premiumFirstYear.quarterly?.premium);
    expect(Number(updated.quote.premiumFirstYear.annual?.premiumBeforeDiscount)).toBeGreaterThan(
      Number(created.quote.premiumFirstYear.annual?.premiumBeforeDiscount),
    );
    expect(updated.statusHistory.map((h) => h.status)).toEqual(['quoted', 'quoted']);

    const stale = await w.aap.post(url, { lifeInsuredContactId: w.insured.id, ...termQuote({ faceAmount: '40000', version: 1 }) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 409, messageKey: 'conflict' });
    expect((await w.aap.get(`/api/proposal/v1/find/${created.id}`)).json()).toMatchObject({ faceAmount: '30000.00', version: 2 });
  });

  it("another advisor gets 404 for every call naming demo.aap's proposal, and changes nothing", async () => {
    const p = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });
    expect((await w.aap2.get(`/api/proposal/v1/find/${p.id}`)).statusCode).toBe(404);
    expect((await w.aap2.get(`/api/proposal/v1/find/report/${p.id}`)).statusCode).toBe(404);
    expect((await w.aap2.get(`/api/proposal/v1/opc-payment/${p.proposalNumber}`)).statusCode).toBe(404);
    const upd = await w.aap2.post(`/api/proposal/v1/update/${p.id}`, { lifeInsuredContactId: w.insured.id, ...termQuote({ version: 1 }) });
    expect(upd.statusCode).toBe(404);
    expect(upd.body).not.toContain(p.proposalNumber);
    expect((await w.aap2.get(`/api/proposal/v1/find?q=${p.proposalNumber}`)).json()).toEqual({ items: [], nextCursor: null });
    expect((await w.aap.get(`/api/proposal/v1/find/${p.id}`)).json()).toMatchObject({ version: 1, status: 'quoted' });
    expect((await w.aap.get('/api/proposal/v1/find/not-a-uuid')).statusCode).toBe(404);
  });

  it("the agency admin reads the agency's proposals but cannot write them", async () => {
    const p = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });
    const found = await admin.get(`/api/proposal/v1/find/${p.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({ id: p.id, advisor: { code: 'AAP00001' } });
    const list = (await admin.get(`/api/proposal/v1/find?q=${p.proposalNumber.toLowerCase()}`)).json() as FindProposalsResponse;
    expect(list.items.map((i) => i.id)).toEqual([p.id]);
    expect((await admin.post('/api/proposal/v1/create', { lifeInsuredContactId: w.insured.id, ...termQuote() })).statusCode).toBe(403);
    expect(
      (await admin.post(`/api/proposal/v1/update/${p.id}`, { lifeInsuredContactId: w.insured.id, ...termQuote({ version: 1 }) }))
        .statusCode,
    ).toBe(403);
  });

  it('lists newest change first with a cursor, searches by number, product and Latin or Khmer name (3+ characters)', async () => {
    const other = await createContact2(w.aap);
    const mine = await createProposal(w.aap, { lifeInsuredContactId: other, ...termQuote() });
    const page1 = await w.aap.get('/api/proposal/v1/find?size=2');
    expect(page1.statusCode).toBe(200);
    const body1 = findProposalsResponseSchema.parse(page1.json());
    expect(body1.items).toHaveLength(2);
    expect(body1.items[0]).toMatchObject({
      id: mine.id,
      lifeInsuredName: 'Bopha Meas',
      lifeInsuredNameKh: 'មាស បុប្ផា',
      productCode: 'TERM',
      status: 'quoted',
    });
    expect(body1.nextCursor).not.toBeNull();
    const seen = new Set(body1.items.map((i) => i.id));
    let cursor = body1.nextCursor;
    while (cursor) {
      const next = (await w.aap.get(`/api/proposal/v1/find?size=2&cursor=${encodeURIComponent(cursor)}`)).json() as FindProposalsResponse;
      for (const item of next.items) {
        expect(seen.has(item.id)).toBe(false);
        seen.add(item.id);
      }
      cursor = next.nextCursor;
    }
    const all = (await w.aap.get('/api/proposal/v1/find?size=100')).json() as FindProposalsResponse;
    expect(seen.size).toBe(all.items.length);

    for (const q of ['bopha', 'MEAS', 'បុប្ផា', mine.proposalNumber]) {
      const found = (await w.aap.get(`/api/proposal/v1/find?q=${encodeURIComponent(q)}`)).json() as FindProposalsResponse;
      expect(
        found.items.map((i) => i.id),
        q,
      ).toEqual([mine.id]);
    }
    expectFieldError(await w.aap.get('/api/proposal/v1/find?q=bo'), 'q', 'minlength');
  });

  it('records who created, changed and read a proposal, with ids and field names only', async () => {
    const p = await createProposal(w.aap, { lifeInsuredContactId: w.insured.id, ...termQuote() });
    await w.aap.get(`/api/proposal/v1/find/${p.id}`);
    await w.aap.post(`/api/proposal/v1/update/${p.id}`, {
      lifeInsuredContactId: w.insured.id,
      ...termQuote({ premiumMode: 'monthly', version: 1 }),
    });
    const history = await w.t.app.audit.history('proposal', p.id);
    expect(history.map((h) => h.action).reverse()).toEqual(['create', 'read', 'update']);
    expect(history.every((h) => h.actorUserId === w.aap.userId)).toBe(true);
    expect(history.find((h) => h.action === 'update')?.details).toMatchObject({
      fields: expect.arrayContaining(['premiumMode', 'premiumCents']),
    });
    const text = JSON.stringify(history);
    for (const secret of ['Sokha', 'សុខា', '1990-05-10']) expect(text).not.toContain(secret);
  });

  it('records who read a list of proposals and which ones it showed, never the term', async () => {
    const list = (await w.aap.get('/api/proposal/v1/find?size=2')).json() as { items: { id: string }[] };
    const found = (await w.aap.get('/api/proposal/v1/find?q=sokha&size=2')).json() as { items: { id: string }[] };
    const rows = await latestAuditRows(w.t, w.aap.userId, 'proposal', 2);
    expect(rows).toEqual([
      { action: 'search', entityId: null, details: { view: 'list', ids: found.items.map((i) => i.id) } },
      { action: 'read', entityId: null, details: { view: 'list', ids: list.items.map((i) => i.id) } },
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/sokha/i);
  });
});

async function createContact2(advisor: Advisor): Promise<string> {
  const res = await advisor.post('/api/contact/v1/create', {
    contactType: 'lifeInsured',
    firstName: 'Bopha',
    lastName: 'Meas',
    firstNameKh: 'បុប្ផា',
    lastNameKh: 'មាស',
    gender: 'F',
    dateOfBirth: '1992-07-01',
    phone: '012-333-444',
  });
  return (res.json() as { id: string }).id;
}
