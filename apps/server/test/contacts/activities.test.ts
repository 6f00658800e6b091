import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityResponseSchema } from '@portal/domain/contracts/activities/create-activity';
import { latestAuditRows } from '../helpers/audit-rows';
import type { TestApp } from '../helpers/test-app';
import { contactsTestApp, createContact, expectFieldError, type Advisor, type ContactJson } from './contact-client';

interface ActivityJson {
  id: string;
  contactId: string;
  version: number;
  startDate: string;
  endDate: string;
  [field: string]: unknown;
}

const DAY = 86_400_000;

/** Where the app's clock starts in this file: 00:30 on 26 November in Phnom Penh, while UTC is still on 25 November. */
const NOW = new Date('2026-11-25T17:30:00Z');

/** YYYY-MM-DDTHH:mm:ss+07:00 for NOW + days (Phnom Penh wall clock). */
function phnomPenh(daysFromNow: number, hour = 9): string {
  const day = new Date(NOW.getTime() + 7 * 3_600_000 + daysFromNow * DAY).toISOString().slice(0, 10);
  return `${day}T${String(hour).padStart(2, '0')}:00:00+07:00`;
}

describe('sales activities (v2): create, update, delete, find, ownership', () => {
  let t: TestApp;
  let aap: Advisor;
  let aap2: Advisor;
  let sokha: ContactJson;
  let dara: ContactJson;

  beforeAll(async () => {
    ({ t, aap, aap2 } = await contactsTestApp(NOW));
    sokha = await createContact(aap);
    dara = await createContact(aap, { firstName: 'Dara', phone: '097-111-2222' });
  });
  afterAll(() => t.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    contactId: sokha.id,
    activityType: 'meeting',
    dayType: 'timed',
    startDate: phnomPenh(1, 9),
    endDate: phnomPenh(1, 10),
    notes: 'Explain the education plan',
    ...overrides,
  });
  async function create(advisor: Advisor, overrides: Record<string, unknown> = {}): Promise<ActivityJson> {
    const res = await advisor.post('/api/contact/v2/activity/create', body(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as ActivityJson;
  }

  it('creates an activity: 201 with dates in +07:00, version 1', async () => {
    const res = await aap.post(
      '/api/contact/v2/activity/create',
      body({ startDate: '2030-01-15T02:30:00Z', endDate: '2030-01-15T10:00:00+07:00' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const activity = res.json() as ActivityJson;
    expect(activityResponseSchema.strict().safeParse(activity).success).toBe(true);
    expect(activity).toMatchObject({
      contactId: sokha.id,
      activityType: 'meeting',
      dayType: 'timed',
      startDate: '2030-01-15T09:30:00+07:00',
      endDate: '2030-01-15T10:00:00+07:00',
      notes: 'Explain the education plan',
      version: 1,
    });
    expect((await aap.get(`/api/contact/v2/activity/find/${activity.id}`)).json()).toEqual(activity);
    const allDay = await create(aap, { dayType: 'allDay', startDate: '20/02/2030', endDate: '2030-02-21', notes: '' });
    expect(allDay).toMatchObject({ startDate: '2030-02-20T00:00:00+07:00', endDate: '2030-02-21T00:00:00+07:00', notes: null });
  });

  it('checks every field: codes, dates, end not before start, notes at most 300', async () => {
    const post = (overrides: Record<string, unknown>) => aap.post('/api/contact/v2/activity/create', body(overrides));
    const missing = await aap.post('/api/contact/v2/activity/create', {});
    expect((missing.json() as { errors: unknown[] }).errors).toEqual(
      expect.arrayContaining(['contactId', 'activityType', 'dayType', 'startDate', 'endDate'].map((field) => ({ field, key: 'required' }))),
    );
    expectFieldError(await post({ activityType: 'party' }), 'activityType', 'invalid');
    expectFieldError(await post({ dayType: 'halfDay' }), 'dayType', 'invalid');
    expectFieldError(await post({ startDate: '2030-02-30T09:00:00+07:00' }), 'startDate', 'invalid');
    expectFieldError(await post({ startDate: '2030-01-15T25:00:00+07:00' }), 'startDate', 'invalid');
    expectFieldError(await post({ startDate: '2030-01-15T09:00:00' }), 'startDate', 'invalid');
    expectFieldError(await post({ endDate: 'tomorrow' }), 'endDate', 'invalid');
    expectFieldError(await post({ startDate: phnomPenh(2, 10), endDate: phnomPenh(2, 9) }), 'endDate', 'min');
    expectFieldError(await post({ notes: 'n'.repeat(301) }), 'notes', 'maxlength');
    expect((await create(aap, { notes: 'n'.repeat(300) })).notes).toHaveLength(300);
    const same = phnomPenh(3, 9);
    expect((await create(aap, { startDate: same, endDate: same })).endDate).toBe(same);
  });

  it('update replaces the fields with the version read; a stale version is 409 and changes nothing', async () => {
    const activity = await create(aap);
    const url = `/api/contact/v2/activity/update/${activity.id}`;
    const res = await aap.post(url, body({ activityType: 'call', contactId: dara.id, notes: undefined, version: 1 }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: activity.id, activityType: 'call', contactId: dara.id, notes: null, version: 2 });
    const stale = await aap.post(url, body({ activityType: 'other', version: 1 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ code: 409, messageKey: 'conflict' });
    expect((await aap.get(`/api/contact/v2/activity/find/${activity.id}`)).json()).toMatchObject({ activityType: 'call', version: 2 });
    expectFieldError(await aap.post(url, body({ startDate: phnomPenh(5, 12), endDate: phnomPenh(5, 11), version: 2 })), 'endDate', 'min');
    expectFieldError(await aap.post(url, body()), 'version', 'required');
  });

  it('delete hides the activity everywhere', async () => {
    const activity = await create(aap, { notes: 'to be deleted' });
    const res = await aap.post(`/api/contact/v2/activity/delete/${activity.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: activity.id, deleted: true });
    expect((await aap.get(`/api/contact/v2/activity/find/${activity.id}`)).statusCode).toBe(404);
    expect((await aap.post(`/api/contact/v2/activity/delete/${activity.id}`)).statusCode).toBe(404);
    const list = (await aap.get(`/api/contact/v2/activity/find?contactId=${sokha.id}&size=100`)).json() as { items: ActivityJson[] };
    expect(list.items.map((a) => a.id)).not.toContain(activity.id);
  });

  it('records who read an activity or a list of them, with ids only', async () => {
    const activity = await create(aap, { notes: 'an audited visit' });
    await aap.get(`/api/contact/v2/activity/find/${activity.id}`);
    const list = (await aap.get(`/api/contact/v2/activity/find?contactId=${sokha.id}&size=2`)).json() as { items: ActivityJson[] };
    expect(list.items.length).toBeGreaterThan(0);
    const rows = await latestAuditRows(t, aap.userId, 'sales_activity', 2);
    expect(rows).toEqual([
      { action: 'read', entityId: null, details: { view: 'list', ids: list.items.map((a) => a.id) } },
      { action: 'read', entityId: activity.id, details: null },
    ]);
    expect(JSON.stringify(rows)).not.toContain('audited visit');
  });

  it("another advisor's activities and contacts are 404s and never listed", async () => {
    const activity = await create(aap);
    for (const res of [
      await aap2.get(`/api/contact/v2/activity/find/${activity.id}`),
      await aap2.post(`/api/contact/v2/activity/update/${activity.id}`, body({ version: 1 })),
      await aap2.post(`/api/contact/v2/activity/delete/${activity.id}`),
      await aap2.post('/api/contact/v2/activity/create', body()),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: 404, messageKey: 'not_found' });
    }
    // Moving one's own activity onto someone else's contact is refused the same way.
    const theirs = await createContact(aap2, { phone: '012-000-111' });
    expect((await aap.post(`/api/contact/v2/activity/update/${activity.id}`, body({ contactId: theirs.id, version: 1 }))).statusCode).toBe(
      404,
    );
    const list = (await aap2.get(`/api/contact/v2/activity/find?contactId=${sokha.id}`)).json() as { items: unknown[] };
    expect(list.items).toEqual([]);
    expect(((await aap2.get('/api/contact/v2/activity/find')).json() as { items: unknown[] }).items).toEqual([]);
    expect((await aap.get(`/api/contact/v2/activity/find/${activity.id}`)).json()).toMatchObject({ version: 1 });
  });

  it('lists across contacts or for one, latest first, upcoming soonest first, within dates, a page at a time', async () => {
    const contact = await createContact(aap, { firstName: 'Listing', phone: '012-222-333' });
    const made: ActivityJson[] = [];
    for (const days of [-3, -1, 2, 4, 6])
      made.push(await create(aap, { contactId: contact.id, startDate: phnomPenh(days, 8), endDate: phnomPenh(days, 9) }));
    const ids = (items: ActivityJson[]) => items.map((a) => a.id);
    const list = async (query: string) => {
      const res = await aap.get(`/api/contact/v2/activity/find?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: ActivityJson[]; nextCursor: string | null };
    };

    expect(ids((await list(`contactId=${contact.id}`)).items)).toEqual(ids([...made].reverse()));
    expect(ids((await list(`contactId=${contact.id}&order=upcoming`)).items)).toEqual(ids(made.slice(2)));
    const from = phnomPenh(-1).slice(0, 10);
    const to = phnomPenh(4).slice(0, 10);
    expect(ids((await list(`contactId=${contact.id}&from=${from}&to=${to}`)).items)).toEqual(ids([made[3]!, made[2]!, made[1]!]));
    const [y, m, d] = to.split('-');
    expect(ids((await list(`contactId=${contact.id}&from=${from}&to=${d}/${m}/${y}`)).items)).toHaveLength(3);
    expectFieldError(await aap.get(`/api/contact/v2/activity/find?from=${to}&to=${from}`), 'to', 'min');
    expectFieldError(await aap.get('/api/contact/v2/activity/find?order=oldest'), 'order', 'invalid');

    // Across all contacts: these five and the earlier ones, every row once over pages of 2.
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await list(`size=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    for (const a of made) expect(seen).toContain(a.id);
    const upcoming: string[] = [];
    cursor = null;
    do {
      const page = await list(`order=upcoming&size=2${cursor ? `&cursor=${cursor}` : ''}`);
      upcoming.push(...ids(page.items));
      cursor = page.nextCursor;
    } while (cursor);
    expect(upcoming).toContain(made[2]!.id);
    expect(upcoming).not.toContain(made[0]!.id);
    expect(new Set(upcoming).size).toBe(upcoming.length);
  });

  it('v2 find/{id} returns the contact with its activities; removing the contact removes them from view', async () => {
    const contact = await createContact(aap, { firstName: 'Detail', phone: '012-333-444' });
    const first = await create(aap, { contactId: contact.id, startDate: phnomPenh(1, 8), endDate: phnomPenh(1, 9) });
    const second = await create(aap, { contactId: contact.id, startDate: phnomPenh(2, 8), endDate: phnomPenh(2, 9) });
    const res = await aap.get(`/api/contact/v2/find/${contact.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as ContactJson & { activities: ActivityJson[] };
    expect(detail).toMatchObject({ id: contact.id, firstName: 'Detail' });
    expect(detail.activities.map((a) => a.id)).toEqual([second.id, first.id]);
    expect((await aap.get(`/api/contact/v1/find/${contact.id}`)).json()).not.toHaveProperty('activities');

    expect((await aap.post(`/api/contact/v1/remove/${contact.id}`)).statusCode).toBe(200);
    expect((await aap.get(`/api/contact/v2/activity/find/${first.id}`)).statusCode).toBe(404);
    expect(((await aap.get(`/api/contact/v2/activity/find?contactId=${contact.id}`)).json() as { items: unknown[] }).items).toEqual([]);
    expect((await aap.post('/api/contact/v2/activity/create', body({ contactId: contact.id }))).statusCode).toBe(404);
  });
});
