import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../src/db/schema/app-user.table';
import { auditLog } from '../src/db/schema/audit-log.table';
import { createTestApp, type TestApp } from './helpers/test-app';

// Reads are written in batches after the answer; changes before it (audit.service.ts).
describe('audit trail: queued reads, immediate changes', () => {
  let t: TestApp;
  let userId: string;
  beforeAll(async () => {
    t = await createTestApp({ seedDemo: true });
    const [user] = await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, 'demo.aa'));
    userId = user!.id;
  });
  afterAll(() => t.close());

  const rowsFor = (entityId: string) => t.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));

  it('writes a change before record() returns, and reads in one batch a moment later', async () => {
    await t.app.audit.record({ actorUserId: userId, action: 'update', entity: 'contact', entityId: 'q-1', details: { fields: ['phone'] } });
    expect(await rowsFor('q-1')).toHaveLength(1);

    const before = Date.now();
    await Promise.all(
      ['q-2', 'q-2', 'q-3'].map((id) => t.app.audit.record({ actorUserId: userId, action: 'read', entity: 'contact', entityId: id })),
    );
    await t.app.audit.record({
      actorUserId: userId,
      action: 'search',
      entity: 'policy',
      entityId: 'q-4',
      details: { policyNumbers: ['X'] },
    });
    // Queued, not yet written (nothing has yielded to the event loop's check phase).
    expect(await rowsFor('q-2')).toHaveLength(0);

    await t.app.audit.flush();
    const q2 = await rowsFor('q-2');
    expect(q2).toHaveLength(2);
    expect(q2[0]).toMatchObject({ actorUserId: userId, action: 'read', entity: 'contact' });
    expect(q2[0]!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(await rowsFor('q-3')).toHaveLength(1);
    expect(await rowsFor('q-4')).toMatchObject([{ action: 'search', details: { policyNumbers: ['X'] } }]);
  });

  it('flushes on its own without anyone asking', async () => {
    await t.app.audit.record({ actorUserId: userId, action: 'read', entity: 'contact', entityId: 'q-5' });
    let rows: unknown[] = [];
    for (let i = 0; i < 50 && rows.length === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      rows = await rowsFor('q-5');
    }
    expect(rows).toHaveLength(1);
  });

  it('logs a batch the database refused (the documented trade-off), and history() sees flushed reads', async () => {
    const from = t.logs.lines.length;
    // An actor that does not exist breaks the foreign key: the whole batch is refused.
    await t.app.audit.record({ actorUserId: '00000000-0000-4000-8000-000000000000', action: 'read', entity: 'contact', entityId: 'q-6' });
    await t.app.audit.flush();
    expect(await rowsFor('q-6')).toHaveLength(0);
    const logged = t.logs
      .entries()
      .slice(from)
      .find((e) => e.msg === 'audit: queued read entries could not be written');
    expect(logged).toMatchObject({ level: 50, rows: 1, entities: ['contact'] });

    await t.app.audit.record({ actorUserId: userId, action: 'read', entity: 'contact', entityId: 'q-7' });
    expect(await t.app.audit.history('contact', 'q-7')).toHaveLength(1);
  });
});
