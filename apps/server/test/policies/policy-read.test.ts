import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { policyDetailsResponseSchema, type PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { clientPaymentsResponseSchema, type ClientPaymentsResponse } from '@portal/domain/contracts/policies/find-client-payments';
import { clientMilestonesResponseSchema, type ClientMilestonesResponse } from '@portal/domain/contracts/policies/find-client-milestones';
import { searchCustomersResponseSchema, type SearchCustomersResponse } from '@portal/domain/contracts/policies/search-customers';
import { servicingSummaryResponseSchema, type ServicingSummaryResponse } from '@portal/domain/contracts/policies/servicing-summary';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { addDays } from '../../src/modules/policies/policy-dates';
import { feedRecord, importRecords, policyTestApp, type PolicyTestContext } from './policy-test-kit';

/** Where the app's clock starts in this file: 00:30 on 26 November in Phnom Penh, while UTC is still on 25 November. */
const NOW = new Date('2026-11-25T17:30:00Z');
let ctx: PolicyTestContext;
const today = todayInPhnomPenh(NOW);
const monthEnd = (() => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
})();

/** `MM-DD` of a date this many days from today, in a given year. */
const sameDay = (days: number, year: number) => `${year}-${addDays(today, days).slice(5)}`;

beforeAll(async () => {
  ctx = await policyTestApp(NOW);
  const manyPayments = Array.from({ length: 30 }, (_, i) => ({
    paymentDate: addDays('2024-03-01', i * 30),
    amount: '125.50',
    paymentType: (['CDB', 'CHQ', 'CS', 'WING', 'PTPP'] as const)[i % 5],
    bankCode: i % 5 < 2 ? '005' : null,
    sourcePolicyNumber: i % 5 === 4 ? 'R100000002' : null,
    reference: `REF-${i}`,
  }));
  const report = await importRecords(ctx.t, [
    feedRecord('R100000001', {
      paidToDate: addDays(today, 10),
      effectiveDate: sameDay(5, 2020),
      issueDate: sameDay(5, 2020),
      statusDate: sameDay(5, 2020),
    }),
    feedRecord('R100000002', {
      payments: manyPayments,
      clients: [
        {
          linkType: 'O',
          firstName: 'Vannak',
          lastName: 'Sok',
          firstNameKh: 'វណ្ណៈ',
          lastNameKh: 'សុខ',
          gender: 'M',
          dateOfBirth: sameDay(3, 1980),
          phone: '+855 12 987 654',
          idType: '2',
          idNumber: 'N12345678',
        },
        {
          linkType: 'I',
          firstName: 'Vannak',
          lastName: 'Sok',
          firstNameKh: 'វណ្ណៈ',
          lastNameKh: 'សុខ',
          gender: 'M',
          dateOfBirth: sameDay(3, 1980),
          phone: '+855 12 987 654',
          idType: '2',
          idNumber: 'N12345678',
        },
        {
          linkType: 'P',
          firstName: 'Sreymom',
          lastName: 'Lim',
          firstNameKh: 'ស្រីមុំ',
          lastNameKh: 'លឹម',
          gender: 'F',
          dateOfBirth: '1975-02-02',
        },
      ],
      paidToDate: monthEnd,
    }),
    feedRecord('R100000003', {
      status: 'Grace',
      paidToDate: addDays(today, -20),
      graceEndDate: addDays(today, 40),
      currency: '96',
      modalPremium: '400000',
      sumAssured: '80000000',
      coverages: [{ coverageType: 'B', productCode: 'KRUR', faceAmount: '80000000', premium: '400000' }],
      values: [{ policyYear: 1, cashValue: '1200000', surrenderValue: '1000000', paidUpValue: '0' }],
      claims: [],
      payments: [
        { paymentDate: '2026-01-05', amount: '400000', paymentType: 'WING', reference: 'W1' },
        { paymentDate: '2026-02-05', amount: '97.56', currency: '02', paymentType: 'CDB', bankCode: '005' },
      ],
    }),
    feedRecord('R100000004', { status: 'Lapsed', paidToDate: '2025-01-01', statusDate: '2025-03-02' }),
  ]);
  expect(report.rejections).toEqual([]);
});
afterAll(() => ctx.t.close());

describe('policy search', () => {
  const search = async (q: string, extra = '') => {
    const res = await ctx.aap.get(`/api/policy/v1/search/customers?q=${encodeURIComponent(q)}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = searchCustomersResponseSchema.parse(res.json()) as SearchCustomersResponse;
    return body.items.map((i) => i.policyNumber);
  };

  it('finds by 3 Khmer letters, by policy number, phone (any form), ID number and Latin name in either order', async () => {
    expect(await search('វណ្ណ')).toEqual(['R100000002']);
    expect(await search('សុខ')).toEqual(['R100000001', 'R100000002', 'R100000003', 'R100000004']); // សុខ (Sok) and សុខា (Sokha)
    expect(await search('ស្រីមុំ')).toEqual(['R100000002']); // the payor too
    expect(await search('r100000002')).toEqual(['R100000002']);
    expect(await search('R1000000')).toEqual(['R100000001', 'R100000002', 'R100000003', 'R100000004']);
    expect(await search('012 987 654')).toEqual(['R100000002']);
    expect(await search('+85512987654')).toEqual(['R100000002']);
    expect(await search('12 987')).toEqual(['R100000002']); // a part of the phone
    expect(await search('987654')).toEqual(['R100000001', 'R100000002', 'R100000003', 'R100000004']); // also in ID 987654321
    expect(await search('n12345678')).toEqual(['R100000002']);
    expect(await search('sok vannak')).toEqual(['R100000002']);
    expect(await search('Vannak Sok')).toEqual(['R100000002']);
    expect(await search('100%')).toEqual([]);
  });

  it('needs 3 characters, filters by status and pages with a cursor', async () => {
    const short = await ctx.aap.get('/api/policy/v1/search/customers?q=ab');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({ errors: [{ field: 'q', key: 'minlength' }] });
    expect(await search('R1000', '&status=Grace')).toEqual(['R100000003']);
    const first = (await ctx.aap.get('/api/policy/v1/search/customers?size=3')).json() as SearchCustomersResponse;
    expect(first.items.map((i) => i.policyNumber)).toEqual(['R100000001', 'R100000002', 'R100000003']);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await ctx.aap.get(`/api/policy/v1/search/customers?size=3&cursor=${first.nextCursor}`)
    ).json() as SearchCustomersResponse;
    expect(second).toMatchObject({ items: [{ policyNumber: 'R100000004' }], nextCursor: null });
    expect((await ctx.aap.get('/api/policy/v1/search/customers?cursor=garbage')).statusCode).toBe(422);
  });

  it('list rows carry the summary: status, premium as money, owner and insured names', async () => {
    const res = (await ctx.aap.get('/api/policy/v1/search/customers?q=R100000003')).json() as SearchCustomersResponse;
    expect(res.items[0]).toMatchObject({
      policyNumber: 'R100000003',
      status: 'Grace',
      premiumMode: 'monthly',
      modalPremium: { currency: '96', minor: 400000, amount: '400000', formatted: '400,000៛' },
      owner: { firstName: 'Sokha', lastNameKh: 'ចាន់', phone: '+85512345678' },
      insured: { firstName: 'Bopha' },
    });
  });
});

describe('policy details', () => {
  it('answers the whole policy in one call, every amount in its currency', async () => {
    const res = await ctx.aap.get('/api/policy/v1/search/details/r100000001');
    expect(res.statusCode, res.body).toBe(200);
    const body = policyDetailsResponseSchema.parse(res.json()) as PolicyDetailsResponse;
    expect(body).toMatchObject({
      policyNumber: 'R100000001',
      status: 'Active',
      currency: '02',
      deliveryStatus: 'delivered',
      version: 1,
      sumAssured: { currency: '02', minor: 5_000_000, amount: '50000.00', formatted: '$50,000.00' },
      modalPremium: { formatted: '$125.50' },
      owner: { linkType: 'O', firstName: 'Sokha', phone: '+85512345678' },
      insured: { linkType: 'I', firstName: 'Bopha', phone: '+855971234567' },
      payor: null,
      agent: { displayName: 'Sokha Chan', agentCode: 'AAP00001', agencyCode: 'AG-PNH-01' },
      issuance: { applicationNumber: 'APP1', underwritingDecision: 'standard' },
    });
    expect(body.beneficiaries.map((b) => [b.priority, b.firstName, b.shareBenifit, b.relationship])).toEqual([
      ['p', 'Dara', 60, '08'],
      ['p', 'Thida', 40, '51'],
      ['s', 'Rithy', 100, '08'],
    ]);
    expect(body.coverages.map((c) => [c.coverageType, c.productCode, c.faceAmount.formatted, c.premium.formatted])).toEqual([
      ['B', 'LPTL', '$50,000.00', '$110.00'],
      ['R', 'TCIR', '$10,000.00', '$10.50'],
      ['W', 'CIWOP', '$50,000.00', '$5.00'],
    ]);
    expect(body.values.map((v) => [v.policyYear, v.cashValue.formatted, v.surrenderValue.formatted, v.paidUpValue.formatted])).toEqual([
      [1, '$0.00', '$0.00', '$1,000.00'],
      [2, '$900.00', '$720.00', '$2,500.00'],
      [3, '$1,900.00', '$1,800.00', '$4,000.00'],
    ]);
    // Each payment type, in the currency it was paid in; newest first.
    expect(
      body.payments.recent.map((p) => [
        p.paymentDate,
        p.paymentType,
        p.bankCode,
        p.amount.currency,
        p.amount.formatted,
        p.sourcePolicyNumber,
      ]),
    ).toEqual([
      ['2026-11-01', 'WING', null, '96', '514,550៛', null],
      ['2026-10-01', 'CDB', '005', '02', '$125.50', null],
      ['2026-09-01', 'CHQ', '005', '02', '$125.50', null],
      ['2026-08-01', 'CS', null, '02', '$125.50', null],
      ['2026-07-01', 'PTPP', null, '02', '$125.50', 'P000000001'],
    ]);
    expect(body.payments.count).toBe(5);
    expect(body.payments.totals.map((t) => t.formatted)).toEqual(['$502.00', '514,550៛']);
    expect(body.payments.lastPaymentDate).toBe('2026-11-01');
    expect(body.claims).toEqual([
      expect.objectContaining({
        claimNumber: 'CL1',
        status: 'paid',
        claimedAmount: expect.objectContaining({ formatted: '$1,200.00' }),
        paidAmount: expect.objectContaining({ formatted: '$1,000.00' }),
      }),
    ]);
    expect(body.pending.map((p) => [p.code, p.status])).toEqual([
      ['MED01', 'outstanding'],
      ['IDC01', 'received'],
    ]);
    // Milestones of the next year: the anniversary in 5 days, the premium due in 10, birthdays.
    const types = body.milestones.map((m) => [m.type, m.date]);
    expect(types).toEqual(
      expect.arrayContaining([
        ['anniversary', addDays(today, 5)],
        ['premiumDue', addDays(today, 10)],
      ]),
    );
    expect(
      body.milestones
        .filter((m) => m.type === 'birthday')
        .map((m) => m.name?.firstName)
        .sort(),
    ).toEqual(['Bopha', 'Sokha']);
    expect(body.milestones.find((m) => m.type === 'premiumDue')?.amount?.formatted).toBe('$125.50');
  });

  it('a riel policy shows riel, a dollar payment on it dollars', async () => {
    const body = (await ctx.aap.get('/api/policy/v1/search/details/R100000003')).json() as PolicyDetailsResponse;
    expect(body.sumAssured.formatted).toBe('80,000,000៛');
    expect(body.values[0]?.cashValue.formatted).toBe('1,200,000៛');
    expect(body.payments.recent.map((p) => p.amount.formatted)).toEqual(['$97.56', '400,000៛']);
    expect(body.graceEndDate).toBe(addDays(today, 40));
  });

  it('runs a bounded number of queries, however many payments a policy has (no N+1)', async () => {
    // Every statement reaches the driver through query() or exec() (PGlite) / query() (node-postgres pool).
    const client = ctx.t.handle.client as unknown as { query: (...args: unknown[]) => unknown; exec?: (...args: unknown[]) => unknown };
    const spies = [vi.spyOn(client, 'query'), ...(client.exec ? [vi.spyOn(client as Required<typeof client>, 'exec')] : [])];
    // A read's audit row is written before its answer, so it falls inside the count.
    const countFor = async (policyNumber: string) => {
      for (const s of spies) s.mockClear();
      const res = await ctx.aap.get(`/api/policy/v1/search/details/${policyNumber}`);
      expect(res.statusCode).toBe(200);
      return spies.reduce((n, s) => n + s.mock.calls.length, 0);
    };
    const few = await countFor('R100000001');
    const many = await countFor('R100000002');
    for (const s of spies) s.mockRestore();
    expect(few).toBe(many);
    // The policy document (children and milestones included) and the audit row.
    expect(many).toBeLessThanOrEqual(2);
  });
});

describe('payments, milestones and the servicing summary', () => {
  it("pages a policy's payments newest first", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const url: string = `/api/policy/v1/search/client-payments?policyNumber=R100000002&size=8${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await ctx.aap.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const body = clientPaymentsResponseSchema.parse(res.json()) as ClientPaymentsResponse;
      seen.push(...body.items.map((p) => p.paymentDate));
      cursor = body.nextCursor;
    } while (cursor);
    expect(seen).toHaveLength(30);
    expect([...seen].sort().reverse()).toEqual(seen);
    expect((await ctx.aap.get('/api/policy/v1/search/client-payments')).statusCode).toBe(422);
  });

  it("lists the customers' milestones soonest first, a birthday once when owner and insured are one person", async () => {
    const res = await ctx.aap.get(`/api/policy/v1/search/client-milestones?from=${today}&to=${addDays(today, 30)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = clientMilestonesResponseSchema.parse(res.json()) as ClientMilestonesResponse;
    const dates = body.items.map((m) => m.date);
    expect([...dates].sort()).toEqual(dates);
    const vannak = body.items.filter((m) => m.type === 'birthday' && m.name?.firstName === 'Vannak');
    expect(vannak).toEqual([
      expect.objectContaining({
        date: addDays(today, 3),
        policyNumber: 'R100000002',
        linkType: 'O',
        name: expect.objectContaining({ firstNameKh: 'វណ្ណៈ' }),
      }),
    ]);
    // Lapsed policies have no milestones.
    expect(body.items.some((m) => m.policyNumber === 'R100000004')).toBe(false);
    const onlyDue = (
      await ctx.aap.get(`/api/policy/v1/search/client-milestones?type=premiumDue&from=${today}&to=${addDays(today, 60)}`)
    ).json() as ClientMilestonesResponse;
    expect(onlyDue.items.every((m) => m.type === 'premiumDue')).toBe(true);
    const tooLong = await ctx.aap.get('/api/policy/v1/search/client-milestones?from=2026-01-01&to=2027-06-01');
    expect(tooLong.json()).toMatchObject({ errors: [{ field: 'to', key: 'invalid' }] });
  });

  it('summarises the book for the servicing dashboard (view=summary)', async () => {
    const res = await ctx.aap.get('/api/policy/v1/search/customers?view=summary');
    expect(res.statusCode, res.body).toBe(200);
    const body = servicingSummaryResponseSchema.parse(res.json()) as ServicingSummaryResponse;
    expect(body.asOf).toBe(today);
    expect(body.countsByStatus).toEqual({ Active: 2, Grace: 1, Lapsed: 1, total: 4 });
    const dueSoon = (
      [
        ['R100000001', addDays(today, 10)],
        ['R100000002', monthEnd],
      ] as const
    ).filter(([, d]) => d <= addDays(today, 7));
    expect(body.enteringGrace.items.map((i) => i.policyNumber)).toEqual(
      [...dueSoon].sort((a, b) => (a[1] < b[1] ? -1 : 1)).map(([n]) => n),
    );
    expect(body.lapsingSoon.items.map((i) => i.policyNumber)).toEqual([]);
    expect(body.premiumsDue.month).toBe(today.slice(0, 7));
    expect(body.premiumsDue.items.map((i) => i.policyNumber)).toContain('R100000002');
    expect(body.upcomingMilestones.items.length).toBeGreaterThan(0);
  });
});
