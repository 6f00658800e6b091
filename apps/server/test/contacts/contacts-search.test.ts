import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { contactSummarySchema } from '@portal/domain/contracts/contacts/contact-summary';
import { nationalNumber } from '@portal/domain/format/phone';
import { auditLog } from '../../src/db/schema/audit-log.table';
import { contact } from '../../src/db/schema/contact.table';
import type { TestApp } from '../helpers/test-app';
import { contactsTestApp, createContact, expectFieldError, type Advisor, type ContactJson } from './contact-client';

interface ListJson {
  items: ContactJson[];
  nextCursor: string | null;
}

describe('contact search (v2 find) and paging (v1 page)', () => {
  let t: TestApp;
  let aap: Advisor;
  let aap2: Advisor;
  let sokha: ContactJson;
  let bopha: ContactJson;
  let pisey: ContactJson;

  beforeAll(async () => {
    ({ t, aap, aap2 } = await contactsTestApp());
    sokha = await createContact(aap, {
      firstName: 'Sokha',
      lastName: 'Chanthou',
      firstNameKh: 'សុខា',
      lastNameKh: 'ចាន់ធូ',
      phone: '012-345-678',
      idType: '1',
      idNumber: '010203040',
    });
    bopha = await createContact(aap, {
      contactType: 'policyOwner',
      gender: 'F',
      firstName: 'Bopha',
      lastName: 'Meas',
      firstNameKh: 'បុប្ផា',
      lastNameKh: 'មាស',
      phone: '097-765-4321',
      idType: '6',
      idNumber: '12/345/6789',
    });
    pisey = await createContact(aap, {
      gender: 'F',
      firstName: 'Pisey',
      lastName: 'Sok',
      firstNameKh: '',
      lastNameKh: '',
      phone: '0885556667',
      idType: '2',
      idNumber: 'N00112233',
    });
    // Another advisor's look-alike must never show up.
    await createContact(aap2, { firstName: 'Sokha', lastName: 'Chanthou', phone: '012-345-679', idNumber: '010203041' });
  });
  afterAll(() => t.close());

  const find = async (query: string): Promise<string[]> => {
    const res = await aap.get(`/api/contact/v2/find?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as ListJson).items.map((c) => c.id);
  };
  const q = (term: string) => find(`q=${encodeURIComponent(term)}`);

  it('answers list items as summaries: who, phone, ID; no address, email or dates', async () => {
    const res = await aap.get('/api/contact/v2/find?q=okh');
    const [item] = (res.json() as ListJson).items;
    expect(contactSummarySchema.strict().parse(item)).toEqual({
      id: sokha.id,
      contactType: 'lifeInsured',
      firstName: 'Sokha',
      lastName: 'Chanthou',
      firstNameKh: 'សុខា',
      lastNameKh: 'ចាន់ធូ',
      gender: 'M',
      dateOfBirth: '1988-03-15',
      phone: '+85512345678',
      idType: '1',
      idNumber: '010203040',
    });
    const page = (await aap.get('/api/contact/v1/page?size=1')).json() as ListJson;
    expect(contactSummarySchema.strict().safeParse(page.items[0]).success).toBe(true);
  });

  it('finds a contact by 3 letters of the Latin first or last name, any case, and by "first last" / "last first"', async () => {
    expect(await q('okh')).toEqual([sokha.id]);
    expect(await q('OKH')).toEqual([sokha.id]);
    expect(await q('nth')).toEqual([sokha.id]);
    expect(await q('sokha chan')).toEqual([sokha.id]);
    expect(await q('meas bopha')).toEqual([bopha.id]);
    expect(await q('  bopha   meas ')).toEqual([bopha.id]);
    expect((await q('sok')).sort()).toEqual([sokha.id, pisey.id].sort());
  });

  it('finds a contact by 3 characters of the Khmer name, and by the full Khmer name', async () => {
    expect(await q('សុខ')).toEqual([sokha.id]);
    expect(await q('ុខា')).toEqual([sokha.id]);
    expect(await q('ចាន់ធូ')).toEqual([sokha.id]);
    expect(await q('មាស បុប្ផា')).toEqual([bopha.id]);
    expect(await q('បុប')).toEqual([bopha.id]);
  });

  it('finds a contact by phone in its local, international, spaced and partial forms', async () => {
    for (const form of [
      '012345678',
      '012 345 678',
      '012-345-678',
      '85512345678',
      '+855 12 345 678',
      '+85512345678',
      '0085512345678',
      '12345678',
      '345 678',
      '2345',
    ]) {
      expect(await q(form), form).toEqual([sokha.id]);
    }
    for (const form of ['0977654321', '855977654321', '97 765 4321', '7654321']) expect(await q(form), form).toEqual([bopha.id]);
    expect(await q('555666')).toEqual([pisey.id]);
  });

  it('finds a contact by ID number, whole or in part', async () => {
    expect(await q('010203040')).toEqual([sokha.id]);
    expect(await q('12/345/6789')).toEqual([bopha.id]);
    expect(await q('345/67')).toEqual([bopha.id]);
    expect(await q('n00112')).toEqual([pisey.id]);
  });

  it('treats % and _ as plain characters', async () => {
    expect(await q('%%%')).toEqual([]);
    expect(await q('s_k')).toEqual([]);
  });

  it('needs at least 3 characters: 1 or 2 answer 422 minlength; blank or absent lists everything', async () => {
    expectFieldError(await aap.get('/api/contact/v2/find?q=so'), 'q', 'minlength');
    expectFieldError(await aap.get(`/api/contact/v2/find?q=${encodeURIComponent(' s ')}`), 'q', 'minlength');
    expectFieldError(await aap.get(`/api/contact/v2/find?q=${encodeURIComponent('សុ')}`), 'q', 'minlength');
    expect((await find('q=')).length).toBe(3);
    expect((await find('')).length).toBe(3);
  });

  it('filters by contact type and gender, with or without a term', async () => {
    expect(await find('contactType=policyOwner')).toEqual([bopha.id]);
    expect((await find('gender=F')).sort()).toEqual([bopha.id, pisey.id].sort());
    expect(await find('gender=F&q=sok')).toEqual([pisey.id]);
    expect(await find('gender=M&contactType=lifeInsured&q=sok')).toEqual([sokha.id]);
    expect((await find('gender=&contactType=')).length).toBe(3);
    expectFieldError(await aap.get('/api/contact/v2/find?gender=X'), 'gender', 'invalid');
    expectFieldError(await aap.get('/api/contact/v2/find?contactType=lead'), 'contactType', 'invalid');
    expectFieldError(await aap.get('/api/contact/v2/find?size=0'), 'size', 'min');
    expectFieldError(await aap.get('/api/contact/v2/find?size=101'), 'size', 'max');
    expectFieldError(await aap.get('/api/contact/v2/find?cursor=bm90LWEtY3Vyc29y'), 'cursor', 'invalid');
  });

  it('keyset pagination returns every row exactly once, newest change first', async () => {
    const created: string[] = [];
    for (let i = 0; i < 23; i += 1)
      created.push(
        (await createContact(aap, { firstName: 'Pagina', lastName: `Row ${'abcdefghijklmnopqrstuvw'[i]}`, idType: '', idNumber: '' })).id,
      );
    // Touch an older one: it moves to the front.
    const touched = await aap.get(`/api/contact/v1/find/${created[0]}`);
    const body = { ...(touched.json() as Record<string, unknown>) };
    delete body.id;
    delete body.createdDate;
    delete body.modifiedDate;
    // The form shows the stored E.164 phone as dialled at home: digits only.
    const phone = `0${nationalNumber(body.phone as string) ?? ''}`;
    const updated = await aap.post(`/api/contact/v1/update/${created[0]}`, { ...body, phone, occupation: 'Farmer' });
    expect(updated.statusCode, updated.body).toBe(200);

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/contact/v2/find?q=pagina&size=5${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await aap.get(url);
      expect(res.statusCode).toBe(200);
      const page = res.json() as ListJson;
      expect(page.items.length).toBeLessThanOrEqual(5);
      seen.push(...page.items.map((c) => c.id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(pages).toBe(5);
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
    expect(seen[0]).toBe(created[0]);
    // Rows created in the same millisecond fall back to the id order.
    const stored = await t.db
      .select({ id: contact.id })
      .from(contact)
      .where(eq(contact.firstName, 'Pagina'))
      .orderBy(desc(contact.modifiedDate), desc(contact.id));
    expect(seen).toEqual(stored.map((r) => r.id));
  });

  it('records who read a list and which contacts it showed, never the term', async () => {
    const lists = async (userId: string) =>
      t.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.actorUserId, userId), eq(auditLog.entity, 'contact'), eq(auditLog.action, 'read')))
        .orderBy(desc(auditLog.id));
    const before = (await lists(aap.userId)).length;
    const shown = await find('q=sokha&size=1');
    const page = ((await aap.get('/api/contact/v1/page?page=0&size=2')).json() as { items: ContactJson[] }).items.map((c) => c.id);
    const empty = await q('zzzq');
    const rows = await lists(aap.userId);
    expect(rows.length - before).toBe(3);
    // Newest first: the empty search, the page, the search. Only what each list showed, never the term.
    expect(rows.slice(0, 3).map((r) => r.details)).toEqual([
      { view: 'search', contacts: empty },
      { view: 'page', contacts: page },
      { view: 'search', contacts: shown },
    ]);
    expect(shown).toHaveLength(1);
    expect(page).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toMatch(/sokha|zzzq/i);
  });

  it('v1 page lists own contacts by page number, newest change first, with hasNext', async () => {
    const all: string[] = [];
    for (let page = 0; page < 10; page += 1) {
      const res = await aap.get(`/api/contact/v1/page?page=${page}&size=10`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { items: ContactJson[]; page: number; size: number; hasNext: boolean };
      expect(body).toMatchObject({ page, size: 10 });
      all.push(...body.items.map((c) => c.id));
      if (!body.hasNext) break;
    }
    expect(all).toHaveLength(26);
    expect(new Set(all).size).toBe(26);
    const dates = await Promise.all(
      all.slice(0, 3).map(async (id) => ((await aap.get(`/api/contact/v1/find/${id}`)).json() as ContactJson).modifiedDate as string),
    );
    expect([...dates].sort().reverse()).toEqual(dates);
    const defaults = (await aap.get('/api/contact/v1/page')).json() as { page: number; size: number; items: unknown[] };
    expect(defaults).toMatchObject({ page: 0, size: 20 });
    expectFieldError(await aap.get('/api/contact/v1/page?page=-1'), 'page', 'min');
    expect(((await aap2.get('/api/contact/v1/page')).json() as { items: unknown[] }).items).toHaveLength(1);
  });
});
