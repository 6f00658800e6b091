import { describe, expect, it } from 'vitest';
import { FORM_ERROR_KEYS } from '@portal/domain/errors/error-keys';
import {
  buildCreateContactRequestSchema,
  contactResponseSchema,
  createContactRequestSchema,
} from '@portal/domain/contracts/contacts/create-contact';
import { buildUpdateContactRequestSchema } from '@portal/domain/contracts/contacts/update-contact';
import { findContactsQuerySchema } from '@portal/domain/contracts/contacts/find-contacts';
import { pageContactsQuerySchema } from '@portal/domain/contracts/contacts/page-contacts';

/** 2026-06-01 10:00 in Phnom Penh. */
const NOW = new Date('2026-06-01T03:00:00Z');
const schema = buildCreateContactRequestSchema({ now: NOW });

const valid = {
  contactType: 'lifeInsured',
  firstName: 'Sokha',
  lastName: 'Chan',
  gender: 'M',
  dateOfBirth: '15/03/1988',
  phone: '012-345-678',
};

function issues(
  input: unknown,
  s: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } } = schema,
) {
  return s.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

describe('contact contracts (the form resolver and the server use these)', () => {
  it('parses a minimal contact: tidied names, E.164 phone, ISO date, optionals dropped', () => {
    const parsed = schema.parse({
      ...valid,
      firstName: '  Sokha   Dara ',
      firstNameKh: '',
      email: '',
      idType: '',
      idNumber: ' ',
      occupation: null,
    });
    expect(parsed).toEqual({
      contactType: 'lifeInsured',
      firstName: 'Sokha Dara',
      lastName: 'Chan',
      gender: 'M',
      dateOfBirth: '1988-03-15',
      phone: '+85512345678',
    });
  });

  it('answers form error keys only, one per field', () => {
    const found = issues({
      contactType: 'x',
      firstName: 'S1',
      lastName: 'ចាន់',
      firstNameKh: 'Sok',
      gender: 'X',
      dateOfBirth: '2026-06-02',
      phone: '12a',
      email: 'a@b.c',
      idNumber: '123',
    });
    expect(found).toEqual([
      ['contactType', 'invalid'],
      ['firstName', 'pattern'],
      ['lastName', 'pattern'],
      ['firstNameKh', 'pattern'],
      ['gender', 'invalid'],
      ['dateOfBirth', 'date_not_bigger_then_current_date'],
      ['phone', 'pattern'],
      ['email', 'email'],
      ['idType', 'required'],
    ]);
    for (const [, key] of found) expect(FORM_ERROR_KEYS).toContain(key);
    expect(issues({})).toEqual(['contactType', 'firstName', 'lastName', 'gender', 'dateOfBirth', 'phone'].map((f) => [f, 'required']));
  });

  it('date of birth is checked against the given clock: today passes, tomorrow does not', () => {
    expect(issues({ ...valid, dateOfBirth: '01/06/2026' })).toEqual([]);
    expect(issues({ ...valid, dateOfBirth: '02/06/2026' })).toEqual([['dateOfBirth', 'date_not_bigger_then_current_date']]);
    // 2026-06-01 20:00 UTC is already 2 June in Phnom Penh.
    const late = buildCreateContactRequestSchema({ now: new Date('2026-06-01T20:00:00Z') });
    expect(issues({ ...valid, dateOfBirth: '2026-06-02' }, late)).toEqual([]);
    expect(issues({ ...valid, dateOfBirth: '29/02/2023' })).toEqual([['dateOfBirth', 'invalid']]);
  });

  it.each([
    ['1', '12345678', 'minlength'],
    ['1', '123456789', null],
    ['1', '1234567890', 'maxlength'],
    ['1', '12345678A', 'pattern'],
    ['2', 'N1234567', 'minlength'],
    ['2', 'N12345678', null],
    ['4', 'AB3456789', null],
    ['4', 'AB34567890', 'maxlength'],
    ['6', '1/1/1', null],
    ['6', '1234/1234/1234', null],
    ['6', '12345/1/1', 'invalid'],
    ['6', '1-1-1', 'invalid'],
  ] as const)('ID type %s number %j -> %s', (idType, idNumber, key) => {
    expect(issues({ ...valid, idType, idNumber })).toEqual(key ? [['idNumber', key]] : []);
  });

  it('ID type and number need each other; an unknown type is invalid', () => {
    expect(issues({ ...valid, idType: '1' })).toEqual([['idNumber', 'required']]);
    expect(issues({ ...valid, idNumber: '123456789' })).toEqual([['idType', 'required']]);
    expect(issues({ ...valid, idType: '3', idNumber: '123456789' })).toEqual([['idType', 'invalid']]);
  });

  it.each([
    ['a@b.c', 'email'],
    ['a@b.co', null],
    [`${'a'.repeat(52)}@example.com`, null],
    [`${'a'.repeat(53)}@example.com`, 'maxlength'],
    ['x@y', 'email'],
  ])('email %j -> %s', (email, key) => {
    expect(issues({ ...valid, email })).toEqual(key ? [['email', key]] : []);
  });

  it.each([
    ['012345678', '+85512345678'],
    ['097-123-4567', '+855971234567'],
    ['85512345678', '+85512345678'],
  ])('phone %j is stored as %s', (phone, e164) => {
    expect(schema.parse({ ...valid, phone }).phone).toBe(e164);
  });

  it.each([
    ['0123 45678', 'pattern'],
    ['+85512345678', 'pattern'],
    ['0123', 'invalid'],
    ['0-1-2-3-4-5-6-7', 'maxlength'],
  ])('phone %j -> %s', (phone, key) => {
    expect(issues({ ...valid, phone })).toEqual([['phone', key]]);
  });

  it('limits: names 50, occupation 50, address 300', () => {
    expect(
      issues({ ...valid, firstName: 'A'.repeat(50), lastNameKh: 'ក'.repeat(50), occupation: 'o'.repeat(50), address: 'a'.repeat(300) }),
    ).toEqual([]);
    expect(
      issues({ ...valid, firstName: 'A'.repeat(51), lastNameKh: 'ក'.repeat(51), occupation: 'o'.repeat(51), address: 'a'.repeat(301) }),
    ).toEqual([
      ['firstName', 'maxlength'],
      ['lastNameKh', 'maxlength'],
      ['occupation', 'maxlength'],
      ['address', 'maxlength'],
    ]);
  });

  it('update is create plus a positive integer version', () => {
    const update = buildUpdateContactRequestSchema({ now: NOW });
    expect(update.parse({ ...valid, version: 3 }).version).toBe(3);
    expect(issues({ ...valid }, update)).toEqual([['version', 'required']]);
    expect(issues({ ...valid, version: 0 }, update)).toEqual([['version', 'min']]);
    expect(issues({ ...valid, version: 1.5 }, update)).toEqual([['version', 'invalid']]);
  });

  it('the default schema reads the system clock', () => {
    expect(createContactRequestSchema.safeParse({ ...valid, dateOfBirth: '2999-01-01' }).success).toBe(false);
  });

  it('search: q at least 3 characters after trimming, optional filters, size 1-100', () => {
    expect(findContactsQuerySchema.parse({ q: '  sok  ha ', size: '50' })).toEqual({ q: 'sok ha', size: 50 });
    expect(findContactsQuerySchema.parse({ q: '', contactType: '', gender: '' })).toEqual({ size: 20 });
    expect(issues({ q: 'so' }, findContactsQuerySchema)).toEqual([['q', 'minlength']]);
    expect(issues({ size: '101' }, findContactsQuerySchema)).toEqual([['size', 'max']]);
    expect(pageContactsQuerySchema.parse({})).toEqual({ page: 0, size: 20 });
  });

  it('the response shape holds every field', () => {
    expect(
      contactResponseSchema.safeParse({
        id: 'c1',
        contactType: 'policyOwner',
        firstName: 'A',
        lastName: 'B',
        firstNameKh: null,
        lastNameKh: null,
        gender: 'F',
        dateOfBirth: '1990-01-01',
        phone: '+85512345678',
        email: null,
        idType: null,
        idNumber: null,
        occupation: null,
        address: null,
        createdDate: '2026-06-01T10:00:00+07:00',
        modifiedDate: '2026-06-01T10:00:00+07:00',
        version: 1,
      }).success,
    ).toBe(true);
  });
});
