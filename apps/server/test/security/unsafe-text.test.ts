/**
 * Control characters and bidirectional overrides in any field of a JSON body or a query string:
 * 422 naming the field, nothing stored; an anonymous call still gets 401 first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsafeTextPath } from '@portal/domain/rules/generic';
import { authClient } from '../auth/auth-client';
import type { TestApp } from '../helpers/test-app';
import { contactBody, contactsTestApp, type Advisor } from '../contacts/contact-client';

describe('unsafe characters in typed text', () => {
  let t: TestApp;
  let aap: Advisor;
  beforeAll(async () => {
    ({ t, aap } = await contactsTestApp());
  });
  afterAll(() => t.close());

  const count = async () =>
    (await aap.get('/api/contact/v1/page?page=0&size=100')).json() as { totalElements?: number; content?: unknown[] };

  it.each([
    ['a NUL byte', 'firstName', 'So\u0000kha'],
    ['an escape', 'address', 'Street 271\u001b[31m'],
    ['a right-to-left override', 'lastName', 'Chan\u202Egnp.exe'],
    ['a bell in an optional field', 'occupation', 'Teacher\u0007'],
  ])('%s in %s is refused with 422 naming the field, and nothing is stored', async (_what, field, value) => {
    const before = await count();
    const res = await aap.post('/api/contact/v1/create', contactBody({ [field]: value }));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: [{ field, key: 'invalid' }] });
    expect(await count()).toEqual(before);
  });

  it('a search term with a control character is refused too, naming the query field', async () => {
    const res = await aap.get(`/api/contact/v2/find?q=${encodeURIComponent('sok\u0000')}&size=10`);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: [{ field: 'q', key: 'invalid' }] });
  });

  it('tabs, line breaks and Khmer stay welcome', async () => {
    const res = await aap.post('/api/contact/v1/create', contactBody({ address: 'ផ្ទះលេខ ១២\nផ្លូវ ២៧១\tភ្នំពេញ' }));
    expect(res.statusCode).toBe(201);
  });

  it('an anonymous call with such a body is 401, not 422', async () => {
    // With the XSRF pair (a browser's anonymous call), so that only the missing sign-in is wrong.
    const res = await authClient(t).post('/api/contact/v1/create', contactBody({ firstName: 'So\u0000kha' }));
    expect(res.statusCode).toBe(401);
  });

  it('names the first unsafe field by its path inside lists and objects', () => {
    expect(unsafeTextPath({ a: 'ok', list: [{ name: 'fine' }, { name: 'bad\u0000' }] })).toBe('list.1.name');
    expect(unsafeTextPath({ a: 'ok', n: 3, list: ['x', null] })).toBeNull();
    // A hostile nesting 10,000 deep neither overflows the stack nor is searched to the bottom.
    let deep: unknown = 'bad\u0000';
    for (let i = 0; i < 10_000; i++) deep = { a: deep };
    expect(unsafeTextPath(deep)).toBeNull();
  });
});
