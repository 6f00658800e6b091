import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { inTransaction } from '../src/db/ambient-transaction';
import { agency } from '../src/db/schema/agency.table';
import { appUser } from '../src/db/schema/app-user.table';
import { application } from '../src/db/schema/application.table';
import { auditLog } from '../src/db/schema/audit-log.table';
import { contact } from '../src/db/schema/contact.table';
import { proposal } from '../src/db/schema/proposal.table';
import { salesActivity } from '../src/db/schema/sales-activity.table';
import { contactBody } from './contacts/contact-client';
import { createTestApp, type TestApp } from './helpers/test-app';
import { callerFor, type PolicyCallerClient } from './policies/policy-test-kit';
import { termQuote } from './proposals/proposal-client';

/**
 * A change and its audit row commit together; a read's audit row is stored before its answer.
 * The audit insert is made to fail by a trigger in the test database (not a mock): the database
 * itself refuses the row, as it would a full disk or a broken constraint.
 */
describe('audit trail: written with the change, reads before the answer', () => {
  let t: TestApp;
  let advisor: PolicyCallerClient;

  beforeAll(async () => {
    t = await createTestApp();
    const [own] = await t.db.insert(agency).values({ code: 'AG-AUDIT-1', name: 'Audit Agency' }).returning({ id: agency.id });
    await t.db.insert(appUser).values({
      username: 'audit.advisor',
      displayName: 'Audit Advisor',
      roles: ['ROLE_AAP'],
      agencyId: own?.id ?? null,
      phone: '+85512000111',
    });
    advisor = await callerFor(t, 'audit.advisor');
    await t.db.execute(sql`
      CREATE FUNCTION test_refuse_audit_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit row refused by the test trigger'; END $$`);
  });
  afterAll(() => t.close());
  afterEach(async () => {
    await t.db.execute(sql`DROP TRIGGER IF EXISTS test_refuse_audit ON audit_log`);
  });

  /** From now on the database refuses the caller's audit rows of this action (one action at a time; until the test ends). */
  const refuseAudit = (action: string) =>
    t.db.execute(
      sql.raw(`CREATE OR REPLACE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW
        WHEN (NEW.action = '${action}' AND NEW.actor_user_id = '${advisor.userId}') EXECUTE FUNCTION test_refuse_audit_row()`),
    );
  const auditRows = (action: string, entityId: string) =>
    t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId)));
  const countOf = async (table: typeof contact | typeof salesActivity | typeof proposal | typeof application, ownerUserId: string) =>
    (
      await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.ownerUserId, ownerUserId))
    )[0]?.n ?? -1;

  async function newContact(): Promise<{ id: string; version: number }> {
    const res = await advisor.post('/api/contact/v1/create', contactBody());
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  it('a contact create whose audit row fails stores no contact; once the audit works, both are there', async () => {
    const before = await countOf(contact, advisor.userId);
    await refuseAudit('create');
    const refused = await advisor.post('/api/contact/v1/create', contactBody());
    expect(refused.statusCode).toBe(500);
    expect(await countOf(contact, advisor.userId)).toBe(before);

    await t.db.execute(sql`DROP TRIGGER test_refuse_audit ON audit_log`);
    const created = await newContact();
    expect(await countOf(contact, advisor.userId)).toBe(before + 1);
    expect(await auditRows('create', created.id)).toMatchObject([{ actorUserId: advisor.userId, entity: 'contact' }]);
  });

  it('a contact update or removal whose audit row fails leaves the contact as it was', async () => {
    const created = await newContact();
    await refuseAudit('update');
    const update = await advisor.post(
      `/api/contact/v1/update/${created.id}`,
      contactBody({ occupation: 'Farmer', version: created.version }),
    );
    expect(update.statusCode).toBe(500);
    await refuseAudit('delete');
    expect((await advisor.post(`/api/contact/v1/remove/${created.id}`, {})).statusCode).toBe(500);

    const [row] = await t.db.select().from(contact).where(eq(contact.id, created.id));
    expect(row).toMatchObject({ occupation: 'Teacher', version: created.version, deletedAt: null });
    expect(await auditRows('update', created.id)).toEqual([]);
    expect(await auditRows('delete', created.id)).toEqual([]);
  });

  it('an activity create whose audit row fails stores no activity', async () => {
    const created = await newContact();
    const before = await countOf(salesActivity, advisor.userId);
    await refuseAudit('create');
    const res = await advisor.post('/api/contact/v2/activity/create', {
      contactId: created.id,
      activityType: 'meeting',
      dayType: 'timed',
      startDate: '2026-11-20T09:00:00+07:00',
      endDate: '2026-11-20T10:00:00+07:00',
      notes: 'First meeting',
    });
    expect(res.statusCode).toBe(500);
    expect(await countOf(salesActivity, advisor.userId)).toBe(before);
  });

  it('a proposal create and an application step save whose audit rows fail store nothing', async () => {
    const insured = await newContact();
    const proposalsBefore = await countOf(proposal, advisor.userId);
    await refuseAudit('create');
    const refused = await advisor.post('/api/proposal/v1/create', termQuote({ lifeInsuredContactId: insured.id }));
    expect(refused.statusCode).toBe(500);
    expect(await countOf(proposal, advisor.userId)).toBe(proposalsBefore);

    await t.db.execute(sql`DROP TRIGGER test_refuse_audit ON audit_log`);
    const made = await advisor.post('/api/proposal/v1/create', termQuote({ lifeInsuredContactId: insured.id }));
    expect(made.statusCode, made.body).toBe(201);
    const proposalId = made.json<{ id: string }>().id;

    const applicationsBefore = await countOf(application, advisor.userId);
    await refuseAudit('create');
    expect((await advisor.post('/api/appform/v1/create', { proposalId })).statusCode).toBe(500);
    expect(await countOf(application, advisor.userId)).toBe(applicationsBefore);
    await t.db.execute(sql`DROP TRIGGER test_refuse_audit ON audit_log`);

    const app = (await advisor.post('/api/appform/v1/create', { proposalId })).json<{ id: string; version: number }>();
    await refuseAudit('update');
    const save = await advisor.post(`/api/appform/v1/update/${app.id}`, {
      version: app.version,
      activeStep: 1,
      step: { name: 'productInfo', data: { paymentType: 'CS', confirmed: true }, complete: true },
    });
    expect(save.statusCode).toBe(500);
    const [stored] = await t.db.select().from(application).where(eq(application.id, app.id));
    expect(stored?.version).toBe(app.version);
    expect(stored?.activeStep).toBe(0);
  });

  it('a read is in the audit trail when its answer arrives; a read whose audit row fails answers no data', async () => {
    const created = await newContact();
    const read = await advisor.get(`/api/contact/v1/find/${created.id}`);
    expect(read.statusCode).toBe(200);
    // No waiting, no flush: the row is there already.
    expect(await auditRows('read', created.id)).toMatchObject([{ actorUserId: advisor.userId, entity: 'contact' }]);

    await refuseAudit('read');
    const refused = await advisor.get(`/api/contact/v2/find/${created.id}`);
    expect(refused.statusCode).toBe(500);
    expect(refused.body).not.toContain('Sokha');
    expect(await auditRows('read', created.id)).toHaveLength(1);
  });
});

describe('inTransaction: one transaction for every query made inside it', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const count = async (username: string) => (await t.db.select().from(appUser).where(eq(appUser.username, username))).length;

  it('rolls back every statement of the work when it throws, and commits them all when it returns', async () => {
    await expect(
      inTransaction(t.db, async () => {
        await t.db.insert(appUser).values({ username: 'tx.one', displayName: 'One', roles: ['ROLE_AAP'] });
        await t.db.insert(appUser).values({ username: 'tx.two', displayName: 'Two', roles: ['ROLE_AAP'] });
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await count('tx.one')).toBe(0);

    await inTransaction(t.db, async () => {
      await t.db.insert(appUser).values({ username: 'tx.one', displayName: 'One', roles: ['ROLE_AAP'] });
      // Joins the outer transaction: its rows go or stay with it.
      await inTransaction(t.db, () => t.db.insert(appUser).values({ username: 'tx.two', displayName: 'Two', roles: ['ROLE_AAP'] }));
    });
    expect(await count('tx.one')).toBe(1);
    expect(await count('tx.two')).toBe(1);
  });

  it('work that outlives its transaction falls back to the database', async () => {
    let later: Promise<number> | undefined;
    // A fake timer: the deferred work runs exactly when the test says, after the transaction ended.
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    try {
      await inTransaction(t.db, async () => {
        later = new Promise<void>((resolve) => setTimeout(resolve, 20)).then(() => count('tx.one'));
      });
      vi.advanceTimersByTime(20);
    } finally {
      vi.useRealTimers();
    }
    expect(await later).toBe(1);
  });
});
