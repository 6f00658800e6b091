import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactResponseSchema } from '@portal/domain/contracts/contacts/create-contact';
import { contact } from '../../src/db/schema/contact.table';
import type { TestApp } from '../helpers/test-app';
import { contactBody, contactsTestApp, createContact, type Advisor, type ContactJson } from './contact-client';

const OFFSET_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+07:00$/;

describe('contacts: create, update (optimistic locking), find, remove, ownership', () => {
  let t: TestApp;
  let aap: Advisor;
  let aap2: Advisor;
  beforeAll(async () => {
    ({ t, aap, aap2 } = await contactsTestApp());
  });
  afterAll(() => t.close());

  it('create answers 201 with the stored contact: id, dates, version 1, every field', async () => {
    const res = await aap.post('/api/contact/v1/create', contactBody({ occupation: '', address: undefined }));
    expect(res.statusCode).toBe(201);
    const body = res.json() as ContactJson;
    expect(contactResponseSchema.strict().safeParse(body).success).toBe(true);
    expect(body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      contactType: 'lifeInsured',
      firstName: 'Sokha',
      lastName: 'Chan',
      firstNameKh: 'សុខា',
      lastNameKh: 'ចាន់',
      gender: 'M',
      dateOfBirth: '1988-03-15',
      phone: '+85512345678',
      email: 'sokha.chan@example.com',
      idType: '1',
      idNumber: '123456789',
      occupation: null,
      address: null,
      createdDate: expect.stringMatching(OFFSET_DATE_TIME),
      modifiedDate: expect.stringMatching(OFFSET_DATE_TIME),
      version: 1,
    });
    const found = await aap.get(`/api/contact/v1/find/${body.id}`);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toEqual(body);
  });

  it('records who created, changed, read and removed a contact, without the personal data', async () => {
    const created = await createContact(aap);
    await aap.get(`/api/contact/v1/find/${created.id}`);
    await aap.get(`/api/contact/v2/find/${created.id}`);
    await aap.post(`/api/contact/v1/update/${created.id}`, contactBody({ phone: '012-999-888', version: 1 }));
    await aap.post(`/api/contact/v1/remove/${created.id}`);
    const history = await t.app.audit.history('contact', created.id);
    expect(history.map((h) => h.action).reverse()).toEqual(['create', 'read', 'read', 'update', 'delete']);
    expect(history.every((h) => h.actorUserId === aap.userId)).toBe(true);
    expect(history.find((h) => h.action === 'update')?.details).toEqual({ fields: ['phone'] });
    const text = JSON.stringify(history);
    for (const secret of ['Sokha', '123456789', '12345678', '12999888', '012-999-888', 'example.com']) expect(text).not.toContain(secret);
  });

  it('update replaces the fields, bumps the version and keeps createdDate', async () => {
    const created = await createContact(aap);
    const res = await aap.post(
      `/api/contact/v1/update/${created.id}`,
      contactBody({
        firstName: 'Dara',
        firstNameKh: 'ដារា',
        email: '',
        idType: '6',
        idNumber: '12/345/6789',
        version: created.version,
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: created.id,
      firstName: 'Dara',
      firstNameKh: 'ដារា',
      email: null,
      idType: '6',
      idNumber: '12/345/6789',
      version: 2,
      createdDate: created.createdDate,
    });
    expect((await aap.get(`/api/contact/v1/find/${created.id}`)).json()).toMatchObject({ firstName: 'Dara', version: 2 });
  });

  it('a stale version answers 409 conflict and changes nothing', async () => {
    const created = await createContact(aap);
    const url = `/api/contact/v1/update/${created.id}`;
    expect((await aap.post(url, contactBody({ lastName: 'First', version: 1 }))).statusCode).toBe(200);
    const stale = await aap.post(url, contactBody({ lastName: 'Second', version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 409, messageKey: 'conflict' });
    const ahead = await aap.post(url, contactBody({ lastName: 'Third', version: 7 }));
    expect(ahead.statusCode).toBe(409);
    const [row] = await t.db.select().from(contact).where(eq(contact.id, created.id));
    expect(row).toMatchObject({ lastName: 'First', version: 2 });
  });

  it("another advisor's contact is a 404 (never 403, no data) on every call, and absent from their lists", async () => {
    const mine = await createContact(aap, { firstName: 'Privatus', lastName: 'Ownerson' });
    const calls = [
      () => aap2.get(`/api/contact/v1/find/${mine.id}`),
      () => aap2.get(`/api/contact/v2/find/${mine.id}`),
      () => aap2.post(`/api/contact/v1/update/${mine.id}`, contactBody({ version: mine.version })),
      () => aap2.post(`/api/contact/v1/remove/${mine.id}`),
      () =>
        aap2.post('/api/contact/v2/activity/create', {
          contactId: mine.id,
          activityType: 'call',
          dayType: 'timed',
          startDate: '2026-11-21T09:00:00+07:00',
          endDate: '2026-11-21T10:00:00+07:00',
        }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, messageKey: 'not_found' });
    }
    const page = (await aap2.get('/api/contact/v1/page?size=100')).json() as { items: ContactJson[] };
    expect(page.items.map((c) => c.id)).not.toContain(mine.id);
    const search = (await aap2.get('/api/contact/v2/find?q=privatus')).json() as { items: ContactJson[] };
    expect(search.items).toEqual([]);
    // Still there, unchanged, for its owner.
    expect((await aap.get(`/api/contact/v1/find/${mine.id}`)).json()).toMatchObject({ firstName: 'Privatus', version: 1 });
  });

  it('unknown and malformed ids are 404 too', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1']) {
      expect((await aap.get(`/api/contact/v1/find/${id}`)).statusCode).toBe(404);
      expect((await aap.post(`/api/contact/v1/remove/${id}`)).statusCode).toBe(404);
      expect((await aap.post(`/api/contact/v1/update/${id}`, contactBody({ version: 1 }))).statusCode).toBe(404);
    }
  });

  it('remove is a soft delete: the contact vanishes from find, page and search, and cannot be changed', async () => {
    const doomed = await createContact(aap, { firstName: 'Vanishing', lastName: 'Person' });
    const res = await aap.post(`/api/contact/v1/remove/${doomed.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: doomed.id, removed: true });
    expect((await aap.get(`/api/contact/v1/find/${doomed.id}`)).statusCode).toBe(404);
    expect((await aap.get(`/api/contact/v2/find/${doomed.id}`)).statusCode).toBe(404);
    expect((await aap.post(`/api/contact/v1/remove/${doomed.id}`)).statusCode).toBe(404);
    expect((await aap.post(`/api/contact/v1/update/${doomed.id}`, contactBody({ version: 2 }))).statusCode).toBe(404);
    const page = (await aap.get('/api/contact/v1/page?size=100')).json() as { items: ContactJson[] };
    expect(page.items.map((c) => c.id)).not.toContain(doomed.id);
    expect(((await aap.get('/api/contact/v2/find?q=vanish')).json() as { items: unknown[] }).items).toEqual([]);
    const [row] = await t.db
      .select({ deletedAt: contact.deletedAt })
      .from(contact)
      .where(and(eq(contact.id, doomed.id)));
    expect(row?.deletedAt).toBeInstanceOf(Date);
  });

  it('only advisors may call the contact paths; POSTs need the XSRF pair', async () => {
    const admin = await import('./contact-client').then((m) => m.signInAdvisor(t, 'demo.aa'));
    expect((await admin.get('/api/contact/v1/page')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/contact/v1/page' })).statusCode).toBe(401);
    const noXsrf = await t.app.inject({ method: 'POST', url: '/api/contact/v1/create', payload: contactBody() });
    expect(noXsrf.statusCode).toBe(403);
  });
});
