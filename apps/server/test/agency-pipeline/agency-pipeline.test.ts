// The agency admin's pipeline: for each advisor of a fresh agency, the items waiting in each stage
// and the days the oldest waited, the items behind each figure (oldest first, missing documents
// named), the filters, the CSV, another agency's records never counted, and the admin's alone.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PipelineItemsResponse, PipelineResponse } from '@portal/domain/contracts/agency-pipeline/find-pipeline';
import { auditLog } from '../../src/db/schema/audit-log.table';
import { authClient } from '../auth/auth-client';
import { signInAdvisor, type Advisor } from '../contacts/contact-client';
import { createTestApp, type TestApp } from '../helpers/test-app';
import {
  createAgency,
  createApplication,
  createCandidate,
  createContact,
  createPeriod,
  createProposal,
  createUser,
  dayAgo,
  NOW,
  passTraining,
  TODAY,
} from './pipeline-kit';

const PIPELINE = '/api/agency/v1/pipeline';
const ITEMS = '/api/agency/v1/pipeline/items';

interface Who {
  id: string;
  agencyId: string;
}

describe('the agency admin’s pipeline', () => {
  let t: TestApp;
  let admin: Advisor;
  let agencyId: string;
  let one: Who;
  let two: Who;
  let adminUser: Who;
  let quoted: { id: string; number: string };
  let pendingMissing: { id: string; number: string };

  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true, now: NOW });
    agencyId = await createAgency(t, 'Pipeline Agency');
    const otherAgency = await createAgency(t, 'Other Agency');
    adminUser = { id: await createUser(t, agencyId, { username: 'pipe.admin', displayName: 'Admin Pipe', role: 'ROLE_AA' }), agencyId };
    one = { id: await createUser(t, agencyId, { username: 'pipe.one', displayName: 'Bora One', role: 'ROLE_AAP' }), agencyId };
    two = { id: await createUser(t, agencyId, { username: 'pipe.two', displayName: 'Chantha Two', role: 'ROLE_AAP' }), agencyId };
    await createUser(t, agencyId, { username: 'pipe.gone', displayName: 'Gone Three', role: 'ROLE_AAP', status: 'disabled' });
    const stranger = {
      id: await createUser(t, otherAgency, { username: 'pipe.stranger', displayName: 'Stranger', role: 'ROLE_AAP' }),
      agencyId: otherAgency,
    };
    await createPeriod(t, 10);

    // Advisor one: two contacts with no proposal, a quoted proposal, a presented one, an applied one,
    // a pending application lacking the owner's ID, a submitted one, a candidate waiting for review.
    await createContact(t, one, { firstName: 'Dara', lastName: 'Old', firstNameKh: 'ដារា', lastNameKh: 'ចាស់' }, 30);
    await createContact(t, one, { firstName: 'Eng', lastName: 'New' }, 5);
    const quotedContact = await createContact(t, one, { firstName: 'Kanha', lastName: 'Quote' }, 60);
    quoted = await createProposal(t, one, quotedContact, { firstName: 'Kanha', lastName: 'Quote' }, 'quoted', 20);
    const presentedContact = await createContact(t, one, { firstName: 'Leakena', lastName: 'Shown' }, 60);
    await createProposal(t, one, presentedContact, { firstName: 'Leakena', lastName: 'Shown' }, 'presented', 40, [
      ['quoted', 40],
      ['presented', 12],
    ]);
    const appliedContact = await createContact(t, one, { firstName: 'Mony', lastName: 'Applied' }, 60);
    await createProposal(t, one, appliedContact, { firstName: 'Mony', lastName: 'Applied' }, 'applied', 50);
    pendingMissing = await createApplication(
      t,
      one,
      { firstName: 'Nary', lastName: 'Pending' },
      {
        status: 'P',
        days: 8,
        ownerIsInsured: false,
        uploaded: ['insured-id'],
      },
    );
    await createApplication(
      t,
      one,
      { firstName: 'Oudom', lastName: 'Sent' },
      { status: 'S', days: 3, ownerIsInsured: true, uploaded: ['insured-id'] },
    );
    await createCandidate(t, one, { firstName: 'Pisey', lastName: 'Review' }, 'submitted', 50, [
      ['draft', 50],
      ['submitted', 9],
    ]);
    await createCandidate(t, one, { firstName: 'Rachana', lastName: 'Done' }, 'converted', 90, [['converted', 1]]);

    // Advisor two: payment requested (counted as presented since it was presented), a complete
    // pending application, a candidate in a class with no history (its creation counts), training passed.
    const paidContact = await createContact(t, two, { firstName: 'Sokha', lastName: 'Pay' }, 70);
    await createProposal(t, two, paidContact, { firstName: 'Sokha', lastName: 'Pay' }, 'paymentRequested', 70, [
      ['quoted', 70],
      ['presented', 25],
      ['paymentRequested', 4],
    ]);
    await createApplication(
      t,
      two,
      { firstName: 'Thida', lastName: 'Ready' },
      { status: 'P', days: 2, ownerIsInsured: true, uploaded: ['insured-id'] },
    );
    await createCandidate(t, two, { firstName: 'Vibol', lastName: 'Class' }, 'itc_assigned', 15);
    await passTraining(t, two);

    // Another agency: one of everything, never counted.
    const strangerContact = await createContact(t, stranger, { firstName: 'Xtra', lastName: 'Contact' }, 100);
    await createProposal(t, stranger, strangerContact, { firstName: 'Xtra', lastName: 'Contact' }, 'quoted', 100);
    await createApplication(
      t,
      stranger,
      { firstName: 'Xtra', lastName: 'App' },
      { status: 'P', days: 100, ownerIsInsured: false, uploaded: [] },
    );
    await createCandidate(t, stranger, { firstName: 'Xtra', lastName: 'Cand' }, 'submitted', 100);

    admin = await signInAdvisor(t, 'pipe.admin');
  }, 120_000);
  afterAll(() => t.close());

  const figuresOf = (body: PipelineResponse, userId: string) =>
    Object.fromEntries(body.advisors.find((a) => a.userId === userId)!.figures.map((f) => [f.stage, f]));

  it('counts each advisor’s items per stage with the oldest one’s days', async () => {
    const res = await admin.get(PIPELINE);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PipelineResponse;
    expect(body.asOf).toBe(TODAY);
    // Sellers are listed even with nothing waiting; the admin only for their overdue training; a
    // deactivated advisor and the other agency's never.
    expect(body.advisors.map((a) => a.displayName).sort()).toEqual(['Admin Pipe', 'Bora One', 'Chantha Two']);
    const f1 = figuresOf(body, one.id);
    expect(f1.contacts).toEqual({ stage: 'contacts', count: 2, oldestDays: 30 });
    expect(f1.quoted).toEqual({ stage: 'quoted', count: 1, oldestDays: 20 });
    expect(f1.presented).toEqual({ stage: 'presented', count: 1, oldestDays: 12 });
    expect(f1.pending).toEqual({ stage: 'pending', count: 1, oldestDays: 8, missingDocuments: 1 });
    expect(f1.submitted).toEqual({ stage: 'submitted', count: 1, oldestDays: 3 });
    expect(f1.candidate_submitted).toEqual({ stage: 'candidate_submitted', count: 1, oldestDays: 9 });
    expect(f1.candidate_itc_assigned).toEqual({ stage: 'candidate_itc_assigned', count: 0, oldestDays: null });
    expect(f1.training_overdue).toEqual({ stage: 'training_overdue', count: 1, oldestDays: 10 });

    const f2 = figuresOf(body, two.id);
    expect(f2.contacts!.count).toBe(0);
    expect(f2.presented).toEqual({ stage: 'presented', count: 1, oldestDays: 25 });
    expect(f2.pending).toEqual({ stage: 'pending', count: 1, oldestDays: 2, missingDocuments: 0 });
    expect(f2.candidate_itc_assigned).toEqual({ stage: 'candidate_itc_assigned', count: 1, oldestDays: 15 });
    expect(f2.training_overdue).toEqual({ stage: 'training_overdue', count: 0, oldestDays: null });
    expect(figuresOf(body, adminUser.id).training_overdue).toEqual({ stage: 'training_overdue', count: 1, oldestDays: 10 });

    const totals = Object.fromEntries(body.totals.map((f) => [f.stage, f]));
    expect(totals.presented).toEqual({ stage: 'presented', count: 2, oldestDays: 25 });
    expect(totals.pending).toEqual({ stage: 'pending', count: 2, oldestDays: 8, missingDocuments: 1 });
    expect(totals.candidate_submitted).toEqual({ stage: 'candidate_submitted', count: 1, oldestDays: 9 });
    expect(totals.training_overdue).toEqual({ stage: 'training_overdue', count: 2, oldestDays: 10 });
    // Whoever's oldest item waited longest comes first: one (30 days) before two (25).
    expect(body.advisors.map((a) => a.displayName)).toEqual(['Bora One', 'Chantha Two', 'Admin Pipe']);
  });

  it('filters by advisor, stage and days waited', async () => {
    const byAdvisor = (await admin.get(`${PIPELINE}?advisorId=${two.id}`)).json() as PipelineResponse;
    expect(byAdvisor.advisors.map((a) => a.userId)).toEqual([two.id]);

    const byStage = (await admin.get(`${PIPELINE}?stage=presented`)).json() as PipelineResponse;
    expect(byStage.stages).toEqual(['presented']);
    expect(byStage.totals).toEqual([{ stage: 'presented', count: 2, oldestDays: 25 }]);

    const old = (await admin.get(`${PIPELINE}?minDays=10`)).json() as PipelineResponse;
    const f1 = figuresOf(old, one.id);
    expect(f1.contacts).toEqual({ stage: 'contacts', count: 1, oldestDays: 30 });
    expect(f1.pending!.count).toBe(0);
    expect(f1.submitted!.count).toBe(0);
    expect(f1.training_overdue!.count).toBe(1);
    expect(
      (await admin.get(`${PIPELINE}?minDays=11`)).json().totals.find((f: { stage: string }) => f.stage === 'training_overdue').count,
    ).toBe(0);

    for (const bad of ['stage=nope', 'minDays=-1', 'minDays=x', 'advisorId=42']) {
      expect((await admin.get(`${PIPELINE}?${bad}`)).statusCode, bad).toBe(422);
    }
  });

  it('lists the items behind a figure, oldest first, in words, with missing documents', async () => {
    const res = await admin.get(`${ITEMS}?advisorId=${one.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as PipelineItemsResponse;
    expect(body.total).toBe(8);
    expect(body.items.map((i) => [i.stage, i.name, i.daysWaiting])).toEqual([
      ['contacts', 'Dara Old', 30],
      ['quoted', 'Kanha Quote', 20],
      ['presented', 'Leakena Shown', 12],
      ['training_overdue', 'Bora One', 10],
      ['candidate_submitted', 'Pisey Review', 9],
      ['pending', 'Nary Pending', 8],
      ['contacts', 'Eng New', 5],
      ['submitted', 'Oudom Sent', 3],
    ]);
    const first = body.items[0]!;
    expect(first).toMatchObject({ advisorId: one.id, advisorName: 'Bora One', nameKh: 'ដារា ចាស់', since: dayAgo(30), reference: null });
    expect(body.items.find((i) => i.stage === 'quoted')).toMatchObject({ id: quoted.id, reference: quoted.number, since: dayAgo(20) });
    expect(body.items.find((i) => i.stage === 'pending')).toMatchObject({
      id: pendingMissing.id,
      reference: pendingMissing.number,
      missingDocuments: ['owner-id'],
    });
    expect(body.items.find((i) => i.stage === 'training_overdue')).toMatchObject({ since: dayAgo(10), daysWaiting: 10 });

    const stage = (await admin.get(`${ITEMS}?stage=presented&minDays=20`)).json() as PipelineItemsResponse;
    expect(stage.items.map((i) => [i.name, i.advisorName, i.daysWaiting, i.since])).toEqual([['Sokha Pay', 'Chantha Two', 25, dayAgo(25)]]);
    expect(stage.total).toBe(1);

    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'agency_pipeline'), eq(auditLog.entityId, agencyId), eq(auditLog.action, 'read')));
    expect(audited?.actorUserId).toBe(adminUser.id);
  });

  it('never counts or lists another agency’s records', async () => {
    const all = (await admin.get(ITEMS)).json() as PipelineItemsResponse;
    expect(all.items.map((i) => i.name).filter((n) => n.startsWith('Xtra'))).toEqual([]);
    expect(all.items.every((i) => [one.id, two.id, adminUser.id].includes(i.advisorId))).toBe(true);
    const figures = (await admin.get(PIPELINE)).json() as PipelineResponse;
    expect(Math.max(...figures.totals.map((f) => f.oldestDays ?? 0))).toBe(30);
  });

  it('exports the items as a CSV file, in English or Khmer', async () => {
    const res = await admin.get(`${ITEMS}?format=csv&advisorId=${one.id}&stage=pending`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="agency-pipeline-${TODAY.replace(/-/g, '')}.csv"`);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"advisor","agentCode","stage","name","reference","since","daysWaiting","missingDocuments"');
    expect(lines.slice(1)).toHaveLength(1);
    expect(lines[1]).toMatch(
      new RegExp(
        `^"Bora One","T-AG-\\d+","Applications not yet submitted","Nary Pending","${pendingMissing.number}","${dayAgo(8)}","8","Policy owner's ID"$`,
      ),
    );

    const km = await admin.get(`${ITEMS}?format=csv&stage=contacts&lang=km&minDays=20`);
    const row = km.body.trim().split('\r\n')[1]!;
    expect(row).toContain('"ដារា ចាស់"');
    expect(row).toContain('"អតិថិជនដែលមិនទាន់មានសម្រង់តម្លៃ"');
  });

  it('is the agency admin’s alone', async () => {
    expect((await authClient(t).get(PIPELINE)).statusCode).toBe(401);
    expect((await authClient(t).get(ITEMS)).statusCode).toBe(401);
    const seller = await signInAdvisor(t, 'pipe.one');
    expect((await seller.get(PIPELINE)).statusCode).toBe(403);
    expect((await seller.get(`${ITEMS}?format=csv`)).statusCode).toBe(403);
    const service = await signInAdvisor(t, 'demo.as');
    expect((await service.get(PIPELINE)).statusCode).toBe(403);
  });
});
