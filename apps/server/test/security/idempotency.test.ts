import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser } from '../../src/db/schema/app-user.table';
import { contact } from '../../src/db/schema/contact.table';
import { idempotencyKey } from '../../src/db/schema/idempotency-key.table';
import { policyPendingDocument } from '../../src/db/schema/policy-pending-document.table';
import { IDEMPOTENT_SEGMENTS, isIdempotentRoute, RETENTION_MS } from '../../src/plugins/idempotency';
import { createRoutedApp } from '../helpers/route-table';
import { contactBody, importOwnedPolicies, multipartBody } from '../helpers/security-fixtures';
import { bearerFor, xsrfHeaders } from '../helpers/test-app';

/**
 * Idempotency and concurrency. The routes that take an `Idempotency-Key` are read from
 * the app's route table with the plugin's own rule (POST, a path segment create/submit/init/
 * upload/convert), so a route another area adds is covered here the day it is registered.
 */
const t = await createRoutedApp();
afterAll(() => t.close());

const idempotentRoutes = t.routes.api().filter((r) => isIdempotentRoute(r.method, r.url));
const aap = await t.routes.callerFor('ROLE_AAP');
const userId = async (username: string): Promise<string> =>
  (await t.db.select({ id: appUser.id }).from(appUser).where(eq(appUser.username, username)))[0]?.id as string;
const aapId = await userId('demo.aap');

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...aap.headers, ...xsrfHeaders(), ...headers }, payload });

async function liveContacts(lastName: string): Promise<number> {
  const rows = await t.db
    .select({ id: contact.id })
    .from(contact)
    .where(and(eq(contact.lastName, lastName), isNull(contact.deletedAt)));
  return rows.length;
}

describe('Idempotency-Key on every create and submit', () => {
  it("the rule finds the spec's creates, submits, inits, uploads and converts in the route table", () => {
    const labels = idempotentRoutes.map((r) => t.routes.label(r));
    console.warn(
      `[idempotency] ${labels.length} routes take an Idempotency-Key (segments ${IDEMPOTENT_SEGMENTS.join('/')}): ${labels.join(', ')}`,
    );
    expect(labels).toContain('POST /api/contact/v1/create');
    expect(labels).toContain('POST /api/policy/v1/upload/{policyNumber}/client-pending-doc');
    expect(labels).toContain('POST /api/appform/v1/submit/{id}');
    expect(labels.filter((l) => l.startsWith('GET'))).toEqual([]);
    expect(labels).not.toContain('POST /api/contact/v1/update/{id}');
  });

  it('every such route refuses a malformed key with 400 before reading the body', async () => {
    for (const route of idempotentRoutes) {
      const caller = await t.routes.allowedCaller(route);
      if (!caller || caller.role === null) continue; // public routes have no user to key on
      for (const bad of ['has space', 'x'.repeat(256), 'ключ']) {
        const res = await t.app.inject({
          method: 'POST',
          url: t.routes.url(route),
          headers: { ...caller.headers, ...xsrfHeaders(), 'idempotency-key': bad },
          payload: {},
        });
        expect(res.statusCode, `${t.routes.label(route)} with key ${bad.slice(0, 12)}: ${res.body.slice(0, 100)}`).toBe(400);
        expect(res.json()).toMatchObject({ code: 400, messageKey: 'bad_request' });
      }
    }
  });

  it('50 concurrent identical creates with one key store exactly one contact, and all 50 get its answer', async () => {
    const body = contactBody('Idemfifty');
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 50 }, () => post('/api/contact/v1/create', body, { 'idempotency-key': key })));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201).length, JSON.stringify(statuses)).toBe(50);
    const ids = new Set(answers.map((r) => (r.json() as { id: string }).id));
    expect(ids.size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true').length).toBe(49);
    expect(await liveContacts(String(body.lastName))).toBe(1);
    // A later retry, too, gets the same record.
    const later = await post('/api/contact/v1/create', body, { 'idempotency-key': key });
    expect(later.statusCode).toBe(201);
    expect((later.json() as { id: string }).id).toBe([...ids][0]);
    expect(await liveContacts(String(body.lastName))).toBe(1);
  });

  it('without a key, or with different keys, each create stores its own record', async () => {
    const body = contactBody('Idemnokey');
    await Promise.all([post('/api/contact/v1/create', body), post('/api/contact/v1/create', body)]);
    await Promise.all([
      post('/api/contact/v1/create', body, { 'idempotency-key': 'k-1' }),
      post('/api/contact/v1/create', body, { 'idempotency-key': 'k-2' }),
    ]);
    expect(await liveContacts(String(body.lastName))).toBe(4);
  });

  it('the same key with a different body is refused with 422 and stores nothing', async () => {
    const key = randomUUID();
    const first = await post('/api/contact/v1/create', contactBody('Idemfirst'), { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const other = await post('/api/contact/v1/create', contactBody('Idemother'), { 'idempotency-key': key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ code: 422, messageKey: 'validation_failed', errors: [{ field: 'Idempotency-Key', key: 'unmatched' }] });
    expect(await liveContacts('ChanIdemother')).toBe(0);
  });

  it("keys are per user: another advisor's same key is a separate request", async () => {
    const headers = await bearerFor(t, { sub: await userId('demo.aap2'), roles: ['ROLE_AAP'] });
    const key = randomUUID();
    const body = contactBody('Idemperuser');
    const mine = await post('/api/contact/v1/create', body, { 'idempotency-key': key });
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/contact/v1/create',
      headers: { ...headers, ...xsrfHeaders(), 'idempotency-key': key },
      payload: body,
    });
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect((mine.json() as { id: string }).id).not.toBe((theirs.json() as { id: string }).id);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
  });

  it('a stored key records its answer, and expires after 24 h: the retention sweep removes it and the key is new again', async () => {
    const key = randomUUID();
    const first = await post('/api/contact/v1/create', { ...contactBody('Idemexpire') }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    const rows = await t.db
      .select()
      .from(idempotencyKey)
      .where(and(eq(idempotencyKey.userId, aapId), eq(idempotencyKey.key, key)));
    expect(rows.map((r) => [r.state, r.responseStatus])).toEqual([['done', 201]]);
    // Age it past the retention: the sweep removes it, and the key then makes a new record.
    await t.db
      .update(idempotencyKey)
      .set({ createdAt: new Date(Date.now() - RETENTION_MS - 1000) })
      .where(eq(idempotencyKey.key, key));
    expect((await t.app.services.retention.sweep()).idempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await t.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, key))).toEqual([]);
    const again = await post('/api/contact/v1/create', contactBody('Idemexpire'), { 'idempotency-key': key });
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await liveContacts('ChanIdemexpire')).toBe(2);
  });

  it('an expired key that the purge has not reached yet is treated as new', async () => {
    const key = randomUUID();
    expect((await post('/api/contact/v1/create', contactBody('Idemlate'), { 'idempotency-key': key })).statusCode).toBe(201);
    await t.db
      .update(idempotencyKey)
      .set({ createdAt: new Date(Date.now() - RETENTION_MS - 1000) })
      .where(eq(idempotencyKey.key, key));
    const again = await post('/api/contact/v1/create', contactBody('Idemlate'), { 'idempotency-key': key });
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await liveContacts('ChanIdemlate')).toBe(2);
  });

  it('10 concurrent identical uploads with one key store one document', async () => {
    const [policy] = await importOwnedPolicies(t);
    expect(policy, 'demo.aap has a policy with an outstanding requirement').toBeDefined();
    const { policyNumber, pendingCodes } = policy as { policyNumber: string; pendingCodes: string[] };
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n'),
      Buffer.alloc(300, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);
    const key = randomUUID();
    const send = (): Promise<LightMyRequestResponse> => {
      const body = multipartBody(
        { pendingCode: pendingCodes[0] as string },
        { field: 'file', fileName: 'scan.pdf', data: pdf, type: 'application/pdf' },
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/policy/v1/upload/${policyNumber}/client-pending-doc`,
        headers: { ...aap.headers, ...xsrfHeaders(), 'content-type': body.contentType, 'idempotency-key': key },
        payload: body.payload,
      });
    };
    const before = (await t.db.select({ id: policyPendingDocument.id }).from(policyPendingDocument)).length;
    const answers = await Promise.all(Array.from({ length: 10 }, send));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((r) => (r.json() as { document: { id: string } }).document.id)).size).toBe(1);
    expect((await t.db.select({ id: policyPendingDocument.id }).from(policyPendingDocument)).length).toBe(before + 1);
  });
});

describe('optimistic locking under concurrency', () => {
  let id = '';
  let version = 0;
  beforeAll(async () => {
    const created = await post('/api/contact/v1/create', contactBody('Lockrace'));
    expect(created.statusCode).toBe(201);
    ({ id, version } = created.json() as { id: string; version: number });
  });

  it("20 concurrent updates of one version: exactly one 200 and 19 × 409, and the winner's change is what is stored", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        post(`/api/contact/v1/update/${id}`, { ...contactBody('Lockrace'), occupation: `Racer ${i}`, version }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 200);
    const conflicts = answers.filter((r) => r.statusCode === 409);
    expect(ok.length, JSON.stringify(answers.map((r) => r.statusCode))).toBe(1);
    expect(conflicts.length).toBe(19);
    for (const c of conflicts) expect(c.json()).toMatchObject({ code: 409, messageKey: 'conflict' });
    const winner = ok[0]?.json() as { occupation: string; version: number };
    expect(winner.version).toBe(version + 1);
    const [row] = await t.db.select({ occupation: contact.occupation, version: contact.version }).from(contact).where(eq(contact.id, id));
    expect(row).toEqual({ occupation: winner.occupation, version: version + 1 });
    version = winner.version;
  });

  it('20 concurrent writers that re-read and retry on 409: all 20 changes land, one version each, none lost', async () => {
    const applied: string[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        for (let attempt = 0; attempt < 200; attempt++) {
          const current = await t.app.inject({ method: 'GET', url: `/api/contact/v1/find/${id}`, headers: aap.headers });
          const v = (current.json() as { version: number }).version;
          const res = await post(`/api/contact/v1/update/${id}`, { ...contactBody('Lockrace'), occupation: `Writer ${i}`, version: v });
          if (res.statusCode === 200) {
            applied.push(`${(res.json() as { version: number }).version}`);
            return;
          }
          expect(res.statusCode).toBe(409);
        }
        throw new Error(`writer ${i} never got through`);
      }),
    );
    expect(applied.length).toBe(20);
    // Each success made exactly one new version: versions start+1 .. start+20, no two writers on one.
    expect(applied.map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => version + 1 + i));
    const [row] = await t.db.select({ version: contact.version }).from(contact).where(eq(contact.id, id));
    expect(row?.version).toBe(version + 20);
  });
});
