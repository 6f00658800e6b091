import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { policy } from '../../src/db/schema/policy.table';
import { policyPending } from '../../src/db/schema/policy-pending.table';
import { demoPolicyFeedPath, importDemoPolicies } from '../../src/importers/demo-policies';
import { parsePolicyFeedText } from '../../src/importers/policy-feed-reader';
import { importPolicyFeed } from '../../src/importers/policy-importer';
import { feedRecord, feedText, importRecords, policyTestApp, tableCounts, type PolicyTestContext } from './policy-test-kit';

let ctx: PolicyTestContext;
beforeAll(async () => {
  ctx = await policyTestApp();
});
afterAll(() => ctx.t.close());

describe('policy feed import', () => {
  it('imports the demo feed, and importing it again changes nothing (no duplicates)', async () => {
    const now = new Date('2026-11-21T03:00:00Z');
    const first = await importDemoPolicies(ctx.t.db, now);
    expect(first).not.toBeNull();
    expect(first?.rejections).toEqual([]);
    expect(first).toMatchObject({ read: 300, inserted: 300, updated: 0, unchanged: 0, rejected: 0, asOf: '2026-11-21' });
    const counts = await tableCounts(ctx.t);
    expect(counts.policy).toBe(300);
    expect(counts.policy_payment).toBeGreaterThan(3000);

    const again = await importDemoPolicies(ctx.t.db, now);
    expect(again).toMatchObject({ read: 300, inserted: 0, updated: 0, unchanged: 300, rejected: 0 });
    expect(await tableCounts(ctx.t)).toEqual(counts);

    // A later day moves the dates: every policy is updated, children replaced, not duplicated.
    const nextDay = await importDemoPolicies(ctx.t.db, new Date('2026-11-22T03:00:00Z'));
    expect(nextDay).toMatchObject({ inserted: 0, updated: 300, unchanged: 0, rejected: 0, asOf: '2026-11-22' });
    expect(await tableCounts(ctx.t)).toEqual(counts);
  });

  it('the committed demo feed covers every status, payment type, currency and Khmer and Latin names', async () => {
    const feed = JSON.parse(await readFile(demoPolicyFeedPath(), 'utf8')) as { policies: Record<string, unknown>[] };
    const policies = feed.policies;
    const statuses = new Set(policies.map((p) => p.status));
    const payments = policies.flatMap((p) => p.payments as { paymentType: string; currency?: string; bankCode: string | null }[]);
    const clients = policies.flatMap((p) => p.clients as { firstNameKh: string | null }[]);
    expect([...statuses].sort()).toEqual(['Active', 'Grace', 'Lapsed']);
    expect(new Set(payments.map((p) => p.paymentType))).toEqual(new Set(['CDB', 'CHQ', 'CS', 'WING', 'PTPP']));
    expect(new Set(policies.map((p) => p.currency))).toEqual(new Set(['02', '96']));
    expect(payments.some((p) => p.currency === '96')).toBe(true);
    expect(payments.some((p) => p.bankCode === '005')).toBe(true);
    expect(clients.some((c) => c.firstNameKh === null)).toBe(true);
    expect(clients.some((c) => c.firstNameKh !== null)).toBe(true);
    expect(new Set(policies.map((p) => (p.agent as { username: string }).username))).toEqual(new Set(['demo.aap', 'demo.aap2', 'demo.bk']));
    expect(policies.some((p) => (p.pending as unknown[]).length > 0)).toBe(true);
  });

  it('reports every rejected record with its reasons and keeps the good ones', async () => {
    const good1 = feedRecord('T100000001');
    const good2 = feedRecord('T100000002', {
      agent: { agentCode: 'BK000001' },
      currency: '96',
      modalPremium: '250000',
      sumAssured: '200000000',
      coverages: [{ coverageType: 'B', productCode: 'LPTL', faceAmount: '200000000', premium: '250000' }],
      values: [],
      claims: [],
      payments: [{ paymentDate: '2026-11-01', amount: '250000', paymentType: 'CS' }],
    });
    const records = [
      good1,
      feedRecord('', {}), // 1: no policy number
      feedRecord('T100000003', { payments: [{ paymentDate: '2026-11-01', amount: '10.00', paymentType: 'VISA' }] }), // 2
      feedRecord('T100000004', {
        currency: '96',
        modalPremium: '1000.50',
        sumAssured: '1000000',
        coverages: [{ coverageType: 'B', productCode: 'LPTL', faceAmount: '1000000', premium: '1000' }],
        values: [],
        claims: [],
        payments: [],
      }), // 3: riel with cents
      feedRecord('T100000005', { agent: { username: 'nobody.here' } }), // 4
      good2, // 5
      feedRecord('T100000001'), // 6: duplicate of 0
      feedRecord('T100000006', {
        beneficiaries: [{ priority: 'p', firstName: 'Dara', lastName: 'Chan', relationship: '08', shareBenifit: 70 }],
      }), // 7
      feedRecord('T100000007', { payments: [{ paymentDate: '2026-11-01', amount: '125.50', paymentType: 'CDB' }] }), // 8
      feedRecord('T100000008', { clients: [], dateOfBirth: 'x' }), // 9
      'not an object', // 10
      feedRecord('T100000009', { status: 'Lapsed', statusDate: '2026-02-30', modalPremium: 125.5 }), // 11
    ];
    const report = await importRecords(ctx.t, records);
    expect(report).toMatchObject({ read: 12, inserted: 2, updated: 0, unchanged: 0, rejected: 10 });
    const reasons = report.rejections.map((r) => [r.index, r.policyNumber, r.field, r.key]);
    expect(reasons).toEqual(
      expect.arrayContaining([
        [1, null, 'policyNumber', 'required'],
        [2, 'T100000003', 'payments.0.paymentType', 'invalid'],
        [3, 'T100000004', 'modalPremium', 'pattern'],
        [4, 'T100000005', 'agent.username', 'unknown_agent'],
        [6, 'T100000001', 'policyNumber', 'duplicate'],
        [7, 'T100000006', 'beneficiaries.p.shareBenifit', 'numbericRange'],
        [8, 'T100000007', 'payments.0.bankCode', 'required'],
        [9, 'T100000008', 'clients', 'required'],
        [10, null, '', 'not_an_object'],
        [11, 'T100000009', 'statusDate', 'invalid'],
        [11, 'T100000009', 'modalPremium', 'invalid'],
      ]),
    );
    expect(new Set(report.rejections.map((r) => r.index))).toEqual(new Set([1, 2, 3, 4, 6, 7, 8, 9, 10, 11]));
    const stored = await ctx.t.db
      .select({ n: policy.policyNumber, currency: policy.currency, premium: policy.modalPremium })
      .from(policy)
      .where(eq(policy.contentHash, policy.contentHash));
    const byNumber = new Map(stored.map((s) => [s.n, s]));
    expect(byNumber.get('T100000001')).toMatchObject({ currency: '02', premium: 12550 });
    expect(byNumber.get('T100000002')).toMatchObject({ currency: '96', premium: 250000 });
    for (const n of ['T100000003', 'T100000004', 'T100000005', 'T100000006', 'T100000007', 'T100000008', 'T100000009'])
      expect(byNumber.has(n)).toBe(false);
  });

  it('refuses a record whose text holds a control character or a bidirectional override, naming the field', async () => {
    const client = { linkType: 'O', firstName: 'Malis', lastName: 'Heng', gender: 'F', dateOfBirth: '1990-01-02' };
    const records = [
      feedRecord('T100000021', {
        clients: [
          { ...client, lastName: 'He\u202Eng' },
          { ...client, linkType: 'I' },
        ],
      }),
      feedRecord('T100000022', {
        clients: [
          { ...client, firstName: 'Ma\u0000lis' },
          { ...client, linkType: 'I' },
        ],
      }),
      feedRecord('T100000023', { clients: [client, { ...client, linkType: 'I' }] }),
    ];
    const report = await importRecords(ctx.t, records);
    expect(report).toMatchObject({ read: 3, inserted: 1, rejected: 2 });
    expect(report.rejections.map((r) => [r.index, r.policyNumber, r.field, r.key])).toEqual([
      [0, 'T100000021', 'clients.0.lastName', 'invalid'],
      [1, 'T100000022', 'clients.0.firstName', 'invalid'],
    ]);
    const stored = await ctx.t.db.select({ n: policy.policyNumber }).from(policy).where(eq(policy.policyNumber, 'T100000021'));
    expect(stored).toEqual([]);
  });

  it('reads NDJSON (a header line, then one policy per line) and reports an unreadable line by its number', async () => {
    const lines = [
      JSON.stringify({ format: 'portal-policy-feed', version: 1, asOf: '2026-11-21' }),
      JSON.stringify(feedRecord('T200000001')),
      '{"policyNumber": "T200000002", ',
      JSON.stringify(feedRecord('T200000003')),
    ].join('\n');
    const report = await importPolicyFeed(ctx.t.db, parsePolicyFeedText(lines));
    expect(report).toMatchObject({ read: 3, inserted: 2, rejected: 1, asOf: '2026-11-21' });
    expect(report.rejections).toEqual([{ index: 2, policyNumber: null, field: '', key: 'malformed_json' }]);
    expect(() => parsePolicyFeedText(JSON.stringify({ format: 'other', version: 1, policies: [] }))).toThrow(/not a policy feed/);
  });

  it("a changed record replaces its children in one go; the portal's pending submission and delivery status survive", async () => {
    await importRecords(ctx.t, [feedRecord('T300000001')]);
    const [row] = await ctx.t.db
      .select({ id: policy.id, version: policy.version })
      .from(policy)
      .where(eq(policy.policyNumber, 'T300000001'));
    if (!row) throw new Error('not imported');
    // The portal marks MED01 submitted and agency staff record a delivery.
    await ctx.t.db.update(policyPending).set({ submittedAt: new Date() }).where(eq(policyPending.policyId, row.id));
    await ctx.t.db.update(policy).set({ deliveryStatus: 'returned', deliverySetBy: ctx.aa.userId }).where(eq(policy.id, row.id));

    const changed = feedRecord('T300000001', {
      payments: [{ paymentDate: '2026-11-01', amount: '125.50', paymentType: 'CS' }],
      deliveryStatus: 'acknowledged',
      pending: [
        { code: 'MED01', descriptionEn: 'Medical examination report', descriptionKm: 'របាយការណ៍ពិនិត្យសុខភាព', requestedDate: '2026-11-01' },
      ],
    });
    const report = await importRecords(ctx.t, [changed]);
    expect(report).toMatchObject({ inserted: 0, updated: 1, unchanged: 0 });
    const details = await ctx.aap.get('/api/policy/v1/search/details/T300000001');
    expect(details.statusCode, details.body).toBe(200);
    const body = details.json() as {
      payments: { count: number };
      deliveryStatus: string;
      pending: { code: string; status: string }[];
      version: number;
    };
    expect(body.payments.count).toBe(1);
    expect(body.deliveryStatus).toBe('returned');
    expect(body.pending).toEqual([expect.objectContaining({ code: 'MED01', status: 'submitted' })]);
    expect(body.version).toBe(row.version + 1);
  });

  it('the feed text format is what POLICY_FEED.md documents (a document with a header)', () => {
    const parsed = parsePolicyFeedText(feedText([feedRecord('T400000001')]));
    expect(parsed.header).toMatchObject({ format: 'portal-policy-feed', version: 1, asOf: '2026-11-21' });
  });
});
