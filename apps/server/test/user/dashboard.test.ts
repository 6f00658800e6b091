import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { dashboardResponseSchema, weekStartOf, type DashboardResponse } from '@portal/domain/contracts/user/dashboard';
import { addDays } from '@portal/domain/format/calendar-arithmetic';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { SCREENS } from '@portal/domain/screens';
import { contact } from '../../src/db/schema/contact.table';
import { REFERENCE_QUESTIONS } from '../../src/modules/compliance/compliance-reference-data';
import { contactBody } from '../contacts/contact-client';
import { termQuote } from '../proposals/proposal-client';
import {
  callerFor,
  feedRecord,
  importRecords,
  policyTestApp,
  type PolicyCallerClient,
  type PolicyTestContext,
} from '../policies/policy-test-kit';

/** Where the app's clock starts in this file: 00:30 on 26 November in Phnom Penh, while UTC is still on 25 November. */
const NOW = new Date('2026-11-25T17:30:00Z');

let ctx: PolicyTestContext;
let trainee: PolicyCallerClient;
const today = todayInPhnomPenh(NOW);
const weekStart = weekStartOf(today);
const weekEnd = addDays(weekStart, 6);
const monthEnd = (() => {
  const [y, m] = today.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
})();

async function dashboard(caller: PolicyCallerClient): Promise<DashboardResponse> {
  const res = await caller.get('/api/user/v1/dashboard');
  expect(res.statusCode, res.body).toBe(200);
  return dashboardResponseSchema.parse(res.json());
}

function figure(body: DashboardResponse, group: string, id: string) {
  const found = body.groups.find((g) => g.id === group)?.figures.find((f) => f.id === id);
  if (!found) throw new Error(`no figure ${group}.${id}`);
  return found;
}

/** Every item of a cursor-paged list. */
async function all<T>(caller: PolicyCallerClient, url: string): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const res = await caller.get(`${url}${url.includes('?') ? '&' : '?'}size=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { items: T[]; nextCursor: string | null };
    items.push(...body.items);
    cursor = body.nextCursor;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  ctx = await policyTestApp(NOW);
  trainee = await callerFor(ctx.t, 'demo.trainee');
  const report = await importRecords(ctx.t, [
    feedRecord('D100000001', { paidToDate: addDays(today, 3) }),
    feedRecord('D100000002', { paidToDate: monthEnd }),
    feedRecord('D100000003', { status: 'Grace', paidToDate: addDays(today, -20), graceEndDate: addDays(today, 20) }),
    feedRecord('D100000004', { status: 'Lapsed', paidToDate: '2025-01-01', statusDate: '2025-03-02' }),
    feedRecord('D100000005', {
      status: 'Grace',
      paidToDate: addDays(today, -10),
      graceEndDate: addDays(today, 50),
      agent: { username: 'demo.aap2' },
    }),
  ]);
  expect(report.rejections).toEqual([]);

  // Three contacts, one of them created before this week; activities on three days of this week,
  // one next week and one deleted.
  const ids: string[] = [];
  for (const firstName of ['Sokha', 'Dara', 'Thida']) {
    const res = await ctx.aap.post('/api/contact/v1/create', contactBody({ firstName }));
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id as string);
  }
  await ctx.t.db
    .update(contact)
    .set({ createdDate: new Date(`${addDays(weekStart, -1)}T12:00:00+07:00`) })
    .where(eq(contact.id, ids[2]!));
  const activity = async (day: string) => {
    const res = await ctx.aap.post('/api/contact/v2/activity/create', {
      contactId: ids[0],
      activityType: 'meeting',
      dayType: 'timed',
      startDate: `${day}T09:00:00+07:00`,
      endDate: `${day}T10:00:00+07:00`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; version: number };
  };
  await activity(weekStart);
  await activity(addDays(weekStart, 2));
  await activity(weekEnd);
  await activity(addDays(weekEnd, 1));
  const gone = await activity(addDays(weekStart, 3));
  expect((await ctx.aap.post(`/api/contact/v2/activity/delete/${gone.id}`, { version: gone.version })).statusCode).toBe(200);
}, 90_000);
afterAll(() => ctx.t.close());

describe('the advisor dashboard', () => {
  it('shows an advisor their own figures, each equal to the count of the list behind it', async () => {
    const body = await dashboard(ctx.aap);
    expect(body).toMatchObject({ asOf: today, weekStart, weekEnd, scope: 'own' });
    expect(body.groups.map((g) => g.id)).toEqual(['contacts', 'proposals', 'applications', 'servicing', 'compliance']);

    // Contacts: created since Monday, read one by one from the list.
    const contacts = await all<{ id: string }>(ctx.aap, '/api/contact/v2/find');
    let newThisWeek = 0;
    for (const c of contacts) {
      const detail = (await ctx.aap.get(`/api/contact/v1/find/${c.id}`)).json() as { createdDate: string };
      if (new Date(detail.createdDate) >= new Date(`${weekStart}T00:00:00+07:00`)) newThisWeek += 1;
    }
    expect(newThisWeek).toBe(2); // the set-up made three, one of them last week
    expect(figure(body, 'contacts', 'newContacts').value).toBe(newThisWeek);
    const activities = await all<{ startDate: string }>(ctx.aap, `/api/contact/v2/activity/find?from=${weekStart}&to=${weekEnd}`);
    expect(activities.length).toBe(3); // Monday, Wednesday, Sunday (not next week's, not the deleted one)
    expect(figure(body, 'contacts', 'activitiesThisWeek').value).toBe(activities.length);
    const bars = body.groups.find((g) => g.id === 'contacts')!.chart!.bars;
    expect(bars.map((b) => b.label)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(weekStart, i)));
    for (const bar of bars) expect(bar.value, bar.label).toBe(activities.filter((a) => a.startDate.startsWith(bar.label!)).length);

    // Servicing: the status lists, the servicing summary's lists and the milestones list.
    for (const [id, status] of [
      ['policiesGrace', 'Grace'],
      ['policiesLapsed', 'Lapsed'],
    ] as const) {
      const list = await all(ctx.aap, `/api/policy/v1/search/customers?status=${status}`);
      expect(figure(body, 'servicing', id).value, id).toBe(list.length);
      expect(figure(body, 'servicing', id).link).toEqual({ screen: 'servicing-search', query: { status } });
    }
    const summary = (await ctx.aap.get('/api/policy/v1/search/customers?view=summary')).json();
    expect(figure(body, 'servicing', 'enteringGrace').value).toBe(summary.enteringGrace.count);
    expect(figure(body, 'servicing', 'lapsingSoon').value).toBe(summary.lapsingSoon.count);
    expect(figure(body, 'servicing', 'premiumsDue').value).toBe(summary.premiumsDue.count);
    expect(figure(body, 'servicing', 'premiumsDue').amounts).toEqual(summary.premiumsDue.totals);
    const milestones = (await ctx.aap.get(`/api/policy/v1/search/client-milestones?from=${today}&to=${addDays(today, 14)}`)).json();
    expect(figure(body, 'servicing', 'upcomingMilestones').value).toBe(milestones.items.length);
    const statusBars = body.groups.find((g) => g.id === 'servicing')!.chart!.bars;
    for (const bar of statusBars)
      expect(bar.value, bar.id).toBe((await all(ctx.aap, `/api/policy/v1/search/customers?status=${bar.id}`)).length);

    // Every figure links to a screen of the app.
    const screenIds = new Set(SCREENS.map((x) => x.id));
    for (const g of body.groups)
      for (const f of [...g.figures, ...(g.chart?.bars ?? [])]) expect(screenIds.has(f.link.screen), f.id).toBe(true);
  });

  it('shows compliance due until the caller passes, then done', async () => {
    const before = figure(await dashboard(ctx.bk), 'compliance', 'complianceStatus');
    expect(before).toMatchObject({ value: 0, date: `${today.slice(0, 4)}-12-31`, link: { screen: 'compliance' } });
    expect(before.labelKey).not.toBe('home:fig_compliance_done');
    // The right answer to each question drawn for this attempt.
    const drawn = ((await ctx.bk.get('/api/compliance/training/v1/questions')).json() as { questions: { questionNumber: number }[] })
      .questions;
    const answers = drawn.map(({ questionNumber }) => ({
      questionNumber,
      answerSequenceNo: REFERENCE_QUESTIONS.find((q) => q.questionNumber === questionNumber)!.answers.find((a) => a.correct)!
        .answerSequenceNo,
    }));
    expect((await ctx.bk.post('/api/compliance/training/v1/answers/submit', { answers })).statusCode).toBe(201);
    const after = figure(await dashboard(ctx.bk), 'compliance', 'complianceStatus');
    expect(after).toMatchObject({ labelKey: 'home:fig_compliance_done', value: 1, tone: 'good' });
  });

  it("shows agency staff their agency's totals, and no contacts group", async () => {
    const body = await dashboard(ctx.aa);
    expect(body.scope).toBe('agency');
    expect(body.groups.map((g) => g.id)).toEqual(['proposals', 'applications', 'servicing', 'compliance']);
    const grace = await all(ctx.aa, '/api/policy/v1/search/customers?status=Grace');
    expect(grace.length).toBe(2); // demo.aap's and demo.aap2's
    expect(figure(body, 'servicing', 'policiesGrace').value).toBe(grace.length);
    const completions = (await ctx.aa.get('/api/compliance/training/v1/form/training-materials?view=completions')).json();
    expect(figure(body, 'compliance', 'agencyCompleted')).toMatchObject({
      value: completions.completedCount,
      total: completions.totalCount,
    });
    expect(completions.completedCount).toBe(1);
  });

  it('counts proposals and applications by status, each equal to its filtered list', async () => {
    const insured = (await ctx.aap.post('/api/contact/v1/create', contactBody({ dateOfBirth: '15/06/1990' }))).json() as { id: string };
    const proposal = await ctx.aap.post('/api/proposal/v1/create', { lifeInsuredContactId: insured.id, ...termQuote() });
    expect(proposal.statusCode, proposal.body).toBe(201);
    const started = await ctx.aap.post('/api/appform/v1/create', { proposalId: (proposal.json() as { id: string }).id });
    expect(started.statusCode, started.body).toBe(201);
    const body = await dashboard(ctx.aap);
    for (const status of ['quoted', 'presented', 'paymentRequested']) {
      const listed = ((await ctx.aap.get(`/api/proposal/v1/find?status=${status}&size=100`)).json() as { items: unknown[] }).items.length;
      expect(figure(body, 'proposals', `proposals_${status}`).value, status).toBe(listed);
    }
    // The proposal the application was made from is counted once, as that application.
    const applied = ((await ctx.aap.get('/api/proposal/v1/find?status=applied&size=100')).json() as { items: { id: string }[] }).items;
    expect(applied.map((p) => p.id)).toContain((proposal.json() as { id: string }).id);
    expect(body.groups.find((g) => g.id === 'proposals')?.figures.map((f) => f.id)).not.toContain('proposals_applied');
    for (const status of ['P', 'S']) {
      const listed = ((await ctx.aap.get(`/api/appform/v1/find?status=${status}&page=0&size=100`)).json() as { items: unknown[] }).items
        .length;
      expect(figure(body, 'applications', `applications_${status}`).value, status).toBe(listed);
    }
    expect(figure(body, 'applications', 'applications_P')).toMatchObject({
      value: 1,
      tone: 'warning',
      link: { screen: 'application-list', query: { status: 'P' } },
    });
  });

  it('shows a trainee only the groups whose lists they may open', async () => {
    expect((await dashboard(trainee)).groups.map((g) => g.id)).toEqual(['compliance']);
  });

  it('answers in one round trip with one query per figure group', async () => {
    const client = ctx.t.handle.client as unknown as { query: (...args: unknown[]) => unknown; exec?: (...args: unknown[]) => unknown };
    const spies = [vi.spyOn(client, 'query'), ...(client.exec ? [vi.spyOn(client as Required<typeof client>, 'exec')] : [])];
    const statements = async (caller: PolicyCallerClient) => {
      for (const s of spies) s.mockClear();
      const body = await dashboard(caller);
      return { groups: body.groups.length, count: spies.reduce((n, s) => n + s.mock.calls.length, 0) };
    };
    const one = await statements(trainee);
    const five = await statements(ctx.aap);
    for (const s of spies) s.mockRestore();
    expect([one.groups, five.groups]).toEqual([1, 5]);
    expect(five.count - one.count).toBe(4);
    expect(one.count).toBeLessThanOrEqual(2);
  });

  it('computes the dashboard for each call: a write shows in the next one', async () => {
    const before = await dashboard(ctx.aap2);
    expect((await ctx.aap2.post('/api/contact/v1/create', contactBody({ firstName: 'Kosal' }))).statusCode).toBe(201);
    const after = await dashboard(ctx.aap2);
    expect(figure(after, 'contacts', 'newContacts').value).toBe(figure(before, 'contacts', 'newContacts').value + 1);
  });
});
