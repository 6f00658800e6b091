import { describe, expect, it } from 'vitest';
import {
  documentEntrySchema,
  documentIssues,
  recruitmentDocumentEntrySchema,
  recruitmentDocumentIssues,
} from '@portal/domain/rules/documents';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

const FILE = 'upload-1';

describe('document fields (spec §5)', () => {
  it.each([
    ['a complete national ID', { documentCode: 'NATIONAL_ID_FRONT', idNumber: '123456789', expiredDate: '01/01/2030', file: FILE }, []],
    [
      'ID required',
      { documentCode: 'NATIONAL_ID_FRONT', idNumber: '', expiredDate: '01/01/2030', file: FILE },
      [['idNumber', 'document_id_required']],
    ],
    [
      'identification number invalid (8 digits)',
      { documentCode: 'NATIONAL_ID_FRONT', idNumber: '12345678', expiredDate: '01/01/2030', file: FILE },
      [['idNumber', 'document_identification_number_invalid']],
    ],
    [
      'identification number invalid (letter in a national ID)',
      { documentCode: 'NATIONAL_ID_FRONT', idNumber: '12345678X', expiredDate: '01/01/2030', file: FILE },
      [['idNumber', 'document_identification_number_invalid']],
    ],
    ['a passport may hold letters', { documentCode: 'PASSPORT', idNumber: 'N12345678', expiredDate: '01/01/2030', file: FILE }, []],
    [
      'expiry required',
      { documentCode: 'PASSPORT', idNumber: 'N12345678', expiredDate: null, file: FILE },
      [['expiredDate', 'document_expired_required']],
    ],
    ['file required', { documentCode: 'PASSPORT', idNumber: 'N12345678', expiredDate: '01/01/2030' }, [['file', 'document_file_required']]],
    [
      'birth certificate invalid',
      { documentCode: 'BIRTH_CERTIFICATE', idNumber: '12345/1/1', file: FILE },
      [['idNumber', 'document_birth_cert_invalid']],
    ],
    ['birth certificate valid, no expiry asked', { documentCode: 'BIRTH_CERTIFICATE', idNumber: '12/345/6', file: FILE }, []],
    ['a family book needs only the file', { documentCode: 'FAMILY_BOOK', file: FILE }, []],
    [
      'everything missing',
      { documentCode: 'MONK_ID' },
      [
        ['idNumber', 'document_id_required'],
        ['expiredDate', 'document_expired_required'],
        ['file', 'document_file_required'],
      ],
    ],
  ])('%s', (_name, value, expected) => {
    expect(issuesOf(documentEntrySchema.safeParse(value))).toEqual(expected);
  });

  it('documentIssues gives the same as field/key pairs', () => {
    expect(documentIssues({ documentCode: 'NATIONAL_ID_FRONT', idNumber: '', file: null })).toEqual([
      { field: 'idNumber', key: 'document_id_required' },
      { field: 'expiredDate', key: 'document_expired_required' },
      { field: 'file', key: 'document_file_required' },
    ]);
  });

  it('an unknown document code is invalid', () => {
    expect(issuesOf(documentEntrySchema.safeParse({ documentCode: 'SELFIE', file: FILE }))).toEqual([['documentCode', 'invalid']]);
  });
});

describe('recruitment set: only the file is required (spec §5)', () => {
  it.each([
    [{ documentType: 'id-card', file: FILE }, []],
    [{ documentType: 'id-card' }, [['file', 'document_file_required']]],
    [{ documentType: 'portrait-photo', file: '' }, [['file', 'document_file_required']]],
  ])('%j', (value, expected) => {
    expect(issuesOf(recruitmentDocumentEntrySchema.safeParse(value))).toEqual(expected);
  });

  it('asks nothing of a number or expiry', () => {
    expect(recruitmentDocumentIssues({ file: FILE })).toEqual([]);
  });
});
