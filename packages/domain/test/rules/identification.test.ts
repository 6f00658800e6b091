import { describe, expect, it } from 'vitest';
import {
  documentNumberIssue,
  identificationNumberIssue,
  identificationSchema,
  isValidBirthCertificate,
} from '@portal/domain/rules/identification';

describe('identification numbers of types 1, 2, 4: exactly 9 characters (spec §5)', () => {
  it.each([
    ['1', '12345678', 'minlength'],
    ['1', '123456789', null],
    ['1', '1234567890', 'maxlength'],
    ['1', '12345678A', 'pattern'],
    ['1', 'A23456789', 'pattern'],
    ['2', 'N1234567', 'minlength'],
    ['2', 'N12345678', null],
    ['2', 'N123456789', 'maxlength'],
    ['4', 'AB345678', 'minlength'],
    ['4', 'AB3456789', null],
    ['4', 'AB34567890', 'maxlength'],
  ] as const)('type %s, %j -> %s', (idType, value, key) => {
    expect(identificationNumberIssue(idType, value)).toBe(key);
  });
});

describe('birth certificate: 1-4 digits / 1-4 digits / 1-4 digits (spec §5)', () => {
  it.each([
    ['1/1/1', true],
    ['1234/1234/1234', true],
    ['12/345/6', true],
    ['12345/1/1', false],
    ['1/12345/1', false],
    ['1/1/12345', false],
    ['1-1-1', false],
    ['1/1', false],
    ['1/1/1/1', false],
    ['a/1/1', false],
    ['/1/1', false],
  ])('%j valid: %s', (value, valid) => {
    expect(isValidBirthCertificate(value)).toBe(valid);
    expect(identificationNumberIssue('6', value)).toBe(valid ? null : 'invalid');
    expect(documentNumberIssue('6', value)).toBe(valid ? null : 'document_birth_cert_invalid');
  });

  it('a birth certificate is not held to 9 characters', () => {
    expect(identificationNumberIssue('6', '1234/1234/1234')).toBeNull();
  });
});

describe('document numbers use the document keys', () => {
  it.each([
    ['1', '12345678', 'document_identification_number_invalid'],
    ['1', '12345678X', 'document_identification_number_invalid'],
    ['2', 'N12345678', null],
  ] as const)('type %s %j -> %s', (idType, value, key) => {
    expect(documentNumberIssue(idType, value)).toBe(key);
  });
});

describe('identificationSchema: type and number together', () => {
  const issues = (value: unknown) => {
    const result = identificationSchema.safeParse(value);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it.each([
    [{}, []],
    [{ idType: '1', idNumber: '123456789' }, []],
    [{ idType: '1' }, [['idNumber', 'required']]],
    [{ idNumber: '123456789' }, [['idType', 'required']]],
    [{ idType: '1', idNumber: '12345678' }, [['idNumber', 'minlength']]],
    [{ idType: '6', idNumber: '1-1-1' }, [['idNumber', 'invalid']]],
    [{ idType: '3', idNumber: '123456789' }, [['idType', 'invalid']]],
  ])('%j -> %j', (value, expected) => {
    expect(issues(value)).toEqual(expected);
  });
});
