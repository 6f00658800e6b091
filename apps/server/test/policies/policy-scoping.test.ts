import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  feedRecord,
  importRecords,
  multipart,
  otherAgencyAdmin,
  policyTestApp,
  tableCounts,
  type PolicyCallerClient,
  type PolicyTestContext,
} from './policy-test-kit';

let ctx: PolicyTestContext;
let otherAa: PolicyCallerClient;
const MINE = 'S100000001';
const THEIRS = 'S100000002';

beforeAll(async () => {
  ctx = await policyTestApp();
  otherAa = await otherAgencyAdmin(ctx.t);
  const report = await importRecords(ctx.t, [
    feedRecord(MINE, { agent: { username: 'demo.aap' } }),
    feedRecord(THEIRS, {
      agent: { username: 'demo.aap2' },
      clients: [
        {
          linkType: 'O',
          firstName: 'Malis',
          lastName: 'Heng',
          firstNameKh: 'ម្លិះ',
          lastNameKh: 'ហេង',
          gender: 'F',
          dateOfBirth: '1990-01-02',
          phone: '017 888 999',
          idNumber: '555666777',
        },
        { linkType: 'I', firstName: 'Malis', lastName: 'Heng', gender: 'F', dateOfBirth: '1990-01-02' },
      ],
    }),
  ]);
  expect(report.rejected).toBe(0);
});
afterAll(() => ctx.t.close());

/** Every policy route, for one policy number. */
function everyRoute(caller: PolicyCallerClient, policyNumber: string) {
  const file = multipart([
    { name: 'pendingCode', value: 'MED01' },
    { name: 'file', fileName: 'a.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n') },
  ]);
  return {
    details: () => caller.get(`/api/policy/v1/search/details/${policyNumber}`),
    payments: () => caller.get(`/api/policy/v1/search/client-payments?policyNumber=${policyNumber}`),
    milestones: () => caller.get(`/api/policy/v1/search/client-milestones?policyNumber=${policyNumber}`),
    pending: () => caller.get(`/api/policy/v1/${policyNumber}/find-pending-code`),
    letter: () => caller.get(`/api/policy/v1/download/${policyNumber}/client-pending?lang=en`),
    upload: () => caller.upload(`/api/policy/v1/upload/${policyNumber}/client-pending-doc`, file.payload, file.contentType),
  };
}

describe('policy scoping', () => {
  it("another advisor's policy is a 404 on every policy route, and nothing is written", async () => {
    const before = await tableCounts(ctx.t);
    for (const [name, call] of Object.entries(everyRoute(ctx.aap, THEIRS))) {
      const res = await call();
      expect(res.statusCode, `${name}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, messageKey: 'not_found' });
    }
    // An unknown number and a malformed one answer the same.
    expect((await ctx.aap.get('/api/policy/v1/search/details/NOPE0000')).statusCode).toBe(404);
    expect((await ctx.aap.get('/api/policy/v1/search/details/..%2F..%2Fetc')).statusCode).toBe(404);
    expect(await tableCounts(ctx.t)).toEqual(before);
  });

  it("the owner sees it, and it is absent from the other advisor's search", async () => {
    expect((await ctx.aap2.get(`/api/policy/v1/search/details/${THEIRS}`)).statusCode).toBe(200);
    for (const q of [THEIRS, 'Malis', 'ម្លិះ', '017888', '555666777']) {
      const mine = await ctx.aap.get(`/api/policy/v1/search/customers?q=${encodeURIComponent(q)}`);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ items: [], nextCursor: null });
      const theirs = await ctx.aap2.get(`/api/policy/v1/search/customers?q=${encodeURIComponent(q)}`);
      expect(
        (theirs.json() as { items: { policyNumber: string }[] }).items.map((i) => i.policyNumber),
        q,
      ).toEqual([THEIRS]);
    }
    const all = await ctx.aap.get('/api/policy/v1/search/customers');
    expect((all.json() as { items: { policyNumber: string }[] }).items.map((i) => i.policyNumber)).toEqual([MINE]);
    const milestones = await ctx.aap.get('/api/policy/v1/search/client-milestones?from=2026-01-01&to=2026-12-31');
    expect((milestones.json() as { items: { policyNumber: string }[] }).items.every((m) => m.policyNumber === MINE)).toBe(true);
  });

  it("agency staff see the agency's policies; another agency's admin gets 404; advisors may not set delivery status", async () => {
    for (const staff of [ctx.as, ctx.aa]) {
      const list = await staff.get('/api/policy/v1/search/customers');
      expect((list.json() as { items: { policyNumber: string }[] }).items.map((i) => i.policyNumber)).toEqual([MINE, THEIRS]);
      expect((await staff.get(`/api/policy/v1/search/details/${THEIRS}`)).statusCode).toBe(200);
    }
    for (const [name, call] of Object.entries(everyRoute(otherAa, MINE))) {
      expect((await call()).statusCode, name).toBe(404);
    }
    expect((await otherAa.get('/api/policy/v1/search/customers')).json()).toEqual({ items: [], nextCursor: null });
    const otherUpdate = await otherAa.post('/api/policy/v1/update/delivery-status', {
      policyNumber: MINE,
      deliveryStatus: 'delivered',
      version: 1,
    });
    expect(otherUpdate.statusCode).toBe(404);
    const advisorUpdate = await ctx.aap.post('/api/policy/v1/update/delivery-status', {
      policyNumber: MINE,
      deliveryStatus: 'delivered',
      version: 1,
    });
    expect(advisorUpdate.statusCode).toBe(403);
  });

  it('signed-out callers get 401 and roles outside the access policy 403', async () => {
    const anonymous = await ctx.t.app.inject({ method: 'GET', url: `/api/policy/v1/search/details/${MINE}` });
    expect(anonymous.statusCode).toBe(401);
    const { callerFor } = await import('./policy-test-kit');
    const trainee = await callerFor(ctx.t, 'demo.trainee');
    expect((await trainee.get(`/api/policy/v1/search/details/${MINE}`)).statusCode).toBe(403);
  });

  it('reads of personal data are audited (policy numbers, never the data)', async () => {
    await ctx.aap.get(`/api/policy/v1/search/details/${MINE}`);
    const history = await ctx.t.app.audit.history('policy', MINE);
    const read = history.find((h) => h.action === 'read' && h.actorUserId === ctx.aap.userId);
    expect(read?.details).toEqual({ view: 'details' });
    expect(JSON.stringify(history)).not.toContain('Sokha');
  });

  it('reads a policy and stores its audit row in one statement; a policy out of reach stores none', async () => {
    // Every statement the server sends is built by drizzle's dialect, named or not, on either database.
    const spy = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    const reads = async (caller: PolicyCallerClient) =>
      (await ctx.t.app.audit.history('policy', MINE)).filter((h) => h.actorUserId === caller.userId).length;
    try {
      const before = await reads(ctx.aap);
      spy.mockClear();
      expect((await ctx.aap.get(`/api/policy/v1/search/details/${MINE}`)).statusCode).toBe(200);
      const texts = spy.mock.results.map((result) => (result.type === 'return' ? (result.value as { sql: string }).sql : ''));
      const auditing = texts.filter((text) => text.includes('audit_log'));
      expect(auditing).toHaveLength(1);
      expect(auditing[0]).toContain('json_build_object');
      expect(await reads(ctx.aap)).toBe(before + 1);

      const otherBefore = await reads(otherAa);
      expect((await otherAa.get(`/api/policy/v1/search/details/${MINE}`)).statusCode).toBe(404);
      expect(await reads(otherAa)).toBe(otherBefore);
    } finally {
      spy.mockRestore();
    }
  });
});
