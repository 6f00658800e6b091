import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import type { TestApp } from '../helpers/test-app';
import { contactBody, contactsTestApp, createContact, expectFieldError, type Advisor } from './contact-client';

/** Every spec §5 rule of the contact form, with edge values, through the real create (and update) route. */
/** Where the app's clock starts in this file: 00:30 on 26 November in Phnom Penh, while UTC is still on 25 November. */
const NOW = new Date('2026-11-25T17:30:00Z');

describe('contact field rules (spec §5, DESIGN.md §3) through POST /api/contact/v1/create', () => {
  let t: TestApp;
  let aap: Advisor;
  beforeAll(async () => {
    ({ t, aap } = await contactsTestApp(NOW));
  });
  afterAll(() => t.close());

  const create = (overrides: Parameters<typeof contactBody>[0]) => aap.post('/api/contact/v1/create', contactBody(overrides));

  async function expectAccepted(overrides: Parameters<typeof contactBody>[0]): Promise<Record<string, unknown>> {
    const res = await create(overrides);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Record<string, unknown>;
  }

  it('names every missing required field `required`', async () => {
    const res = await aap.post('/api/contact/v1/create', {});
    expect(res.statusCode).toBe(422);
    const fields = (res.json() as { errors: { field: string; key: string }[] }).errors;
    expect(fields).toEqual(
      expect.arrayContaining(
        ['contactType', 'firstName', 'lastName', 'gender', 'dateOfBirth', 'phone'].map((field) => ({ field, key: 'required' })),
      ),
    );
    expect(fields.every((e) => e.key === 'required')).toBe(true);
    for (const field of ['firstName', 'lastName', 'phone', 'dateOfBirth'])
      expectFieldError(await create({ [field]: '   ' }), field, 'required');
  });

  it('contact type and gender are code lists', async () => {
    expectFieldError(await create({ contactType: 'prospect' }), 'contactType', 'invalid');
    expectFieldError(await create({ gender: 'X' }), 'gender', 'invalid');
    expect((await expectAccepted({ contactType: 'policyOwner', gender: 'F' })).contactType).toBe('policyOwner');
  });

  it('Latin names: Latin letters and spaces, at most 50', async () => {
    expectFieldError(await create({ firstName: 'Sokha2' }), 'firstName', 'pattern');
    expectFieldError(await create({ lastName: 'Chan-Dara' }), 'lastName', 'pattern');
    expectFieldError(await create({ firstName: 'សុខា' }), 'firstName', 'pattern');
    expectFieldError(await create({ lastName: 'Chän' }), 'lastName', 'pattern');
    expectFieldError(await create({ firstName: 'A'.repeat(51) }), 'firstName', 'maxlength');
    const ok = await expectAccepted({ firstName: `  ${'A'.repeat(48)}  `, lastName: 'Van  Der Berg' });
    expect(ok.firstName).toBe('A'.repeat(48));
    expect(ok.lastName).toBe('Van Der Berg');
    expect((await expectAccepted({ firstName: 'B'.repeat(50) })).firstName).toBe('B'.repeat(50));
  });

  it('Khmer names: Khmer letters and spaces, optional, at most 50', async () => {
    expectFieldError(await create({ firstNameKh: 'Sokha' }), 'firstNameKh', 'pattern');
    expectFieldError(await create({ lastNameKh: 'ចាន់1' }), 'lastNameKh', 'pattern');
    expectFieldError(await create({ lastNameKh: 'ក'.repeat(51) }), 'lastNameKh', 'maxlength');
    expect((await expectAccepted({ firstNameKh: 'ក'.repeat(50), lastNameKh: 'សុខ ចាន់' })).lastNameKh).toBe('សុខ ចាន់');
    const without = await expectAccepted({ firstNameKh: '', lastNameKh: undefined });
    expect(without).toMatchObject({ firstNameKh: null, lastNameKh: null });
  });

  it('phone: digits and hyphens, at most 13, a real number; stored as +855 E.164', async () => {
    expectFieldError(await create({ phone: '012abc678' }), 'phone', 'pattern');
    expectFieldError(await create({ phone: '+85512345678' }), 'phone', 'pattern');
    expectFieldError(await create({ phone: '012 345 678' }), 'phone', 'pattern');
    expectFieldError(await create({ phone: '855-12-345-678' }), 'phone', 'maxlength');
    expectFieldError(await create({ phone: '12345' }), 'phone', 'invalid');
    expect((await expectAccepted({ phone: '012-345-678' })).phone).toBe('+85512345678');
    expect((await expectAccepted({ phone: '0971234567' })).phone).toBe('+855971234567');
    expect((await expectAccepted({ phone: '85512345679' })).phone).toBe('+85512345679');
  });

  it('email: optional; 5 characters or fewer and malformed are `email`, over 64 `maxlength`', async () => {
    expectFieldError(await create({ email: 'a@b.c' }), 'email', 'email');
    expectFieldError(await create({ email: 'ab@c.d' }), 'email', 'email');
    expect((await expectAccepted({ email: 'a@b.co' })).email).toBe('a@b.co');
    expectFieldError(await create({ email: 'not-an-email' }), 'email', 'email');
    expectFieldError(await create({ email: 'someone@example' }), 'email', 'email');
    const at64 = `${'a'.repeat(52)}@example.com`;
    expect(at64).toHaveLength(64);
    expect((await expectAccepted({ email: at64 })).email).toBe(at64);
    expectFieldError(await create({ email: `a${at64}` }), 'email', 'maxlength');
    expect((await expectAccepted({ email: '' })).email).toBeNull();
  });

  it('ID number: 9 characters for types 1, 2, 4 (national ID digits only); birth certificate n/n/n', async () => {
    for (const idType of ['1', '2', '4']) {
      expectFieldError(await create({ idType, idNumber: '12345678' }), 'idNumber', 'minlength');
      expectFieldError(await create({ idType, idNumber: '1234567890' }), 'idNumber', 'maxlength');
      expect((await expectAccepted({ idType, idNumber: '123456789' })).idNumber).toBe('123456789');
    }
    expectFieldError(await create({ idType: '1', idNumber: 'N12345678' }), 'idNumber', 'pattern');
    expect((await expectAccepted({ idType: '2', idNumber: 'N12345678' })).idType).toBe('2');
    expect((await expectAccepted({ idType: '6', idNumber: '1/1/1' })).idNumber).toBe('1/1/1');
    expect((await expectAccepted({ idType: '6', idNumber: '1234/1234/1234' })).idNumber).toBe('1234/1234/1234');
    for (const bad of ['12345/1/1', '1-1-1', '1/1', 'a/1/1', '1/1/1/1']) {
      expectFieldError(await create({ idType: '6', idNumber: bad }), 'idNumber', 'invalid');
    }
    expectFieldError(await create({ idType: '3', idNumber: '123456789' }), 'idType', 'invalid');
  });

  it('ID type and number go together', async () => {
    expectFieldError(await create({ idType: '1', idNumber: '' }), 'idNumber', 'required');
    expectFieldError(await create({ idType: undefined, idNumber: '123456789' }), 'idType', 'required');
    expect(await expectAccepted({ idType: '', idNumber: '' })).toMatchObject({ idType: null, idNumber: null });
  });

  it('date of birth: DD/MM/YYYY or YYYY-MM-DD, a real date, not later than today (Phnom Penh)', async () => {
    expect((await expectAccepted({ dateOfBirth: '31/12/1990' })).dateOfBirth).toBe('1990-12-31');
    expect((await expectAccepted({ dateOfBirth: '1990-12-31' })).dateOfBirth).toBe('1990-12-31');
    const today = todayInPhnomPenh(NOW);
    expect(today).toBe('2026-11-26');
    expect((await expectAccepted({ dateOfBirth: today })).dateOfBirth).toBe(today);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expectFieldError(await create({ dateOfBirth: tomorrow }), 'dateOfBirth', 'date_not_bigger_then_current_date');
    const [y, m, d] = tomorrow.split('-');
    expectFieldError(await create({ dateOfBirth: `${d}/${m}/${y}` }), 'dateOfBirth', 'date_not_bigger_then_current_date');
    for (const bad of ['31/02/1990', '1990/12/31', '12-31-1990', '1/2/1990', '01/01/0999', 'yesterday']) {
      expectFieldError(await create({ dateOfBirth: bad }), 'dateOfBirth', 'invalid');
    }
  });

  it('occupation at most 50, address at most 300', async () => {
    expectFieldError(await create({ occupation: 'o'.repeat(51) }), 'occupation', 'maxlength');
    expectFieldError(await create({ address: 'a'.repeat(301) }), 'address', 'maxlength');
    const ok = await expectAccepted({ occupation: 'o'.repeat(50), address: 'a'.repeat(300) });
    expect(ok).toMatchObject({ occupation: 'o'.repeat(50), address: 'a'.repeat(300) });
  });

  it('reports every broken field at once', async () => {
    const res = await create({ firstName: 'S1', lastNameKh: 'Chan', phone: 'x', email: 'a@b', idType: '1', idNumber: '1' });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { errors: unknown[] }).errors).toEqual(
      expect.arrayContaining([
        { field: 'firstName', key: 'pattern' },
        { field: 'lastNameKh', key: 'pattern' },
        { field: 'phone', key: 'pattern' },
        { field: 'email', key: 'email' },
        { field: 'idNumber', key: 'minlength' },
      ]),
    );
  });

  it('applies the same rules to update, plus a version', async () => {
    const contact = await createContact(aap);
    const url = `/api/contact/v1/update/${contact.id}`;
    expectFieldError(await aap.post(url, contactBody({ firstName: 'Sok4', version: contact.version })), 'firstName', 'pattern');
    expectFieldError(await aap.post(url, contactBody()), 'version', 'required');
    expectFieldError(await aap.post(url, contactBody({ version: 'one' })), 'version', 'invalid');
  });
});
