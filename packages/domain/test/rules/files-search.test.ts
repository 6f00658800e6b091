import { describe, expect, it } from 'vitest';
import {
  contentMatchesName,
  fileExtension,
  fileIssues,
  isConversionExtension,
  isFileCountAllowed,
  isUploadExtension,
  sniffFileType,
} from '@portal/domain/rules/files';
import {
  isSearchable,
  normaliseSearchTerm,
  optionalSearchTermSchema,
  searchTermIssue,
  searchTermSchema,
} from '@portal/domain/rules/search';

const MB = 1024 * 1024;

describe('file extensions (spec §5)', () => {
  it.each([
    ['scan.pdf', true, true],
    ['scan.PNG', true, true],
    ['scan.jpg', false, true],
    ['scan.jpeg', false, true],
    ['scan.tiff', false, true],
    ['scan.tif', false, true],
    ['scan.gif', false, false],
    ['scan.pdf.exe', false, false],
    ['pdf', false, false],
    ['.pdf', false, false],
    ['scan.', false, false],
  ])('%j: upload %s, conversion %s', (name, upload, conversion) => {
    expect(isUploadExtension(name)).toBe(upload);
    expect(isConversionExtension(name)).toBe(conversion);
  });

  it('reads the last extension in lower case', () => {
    expect(fileExtension('Report.Final.PDF')).toBe('pdf');
    expect(fileExtension('noextension')).toBe('');
  });
});

describe('file size, name length and count (spec §9)', () => {
  it.each([
    ['5 MB document', { name: 'a.pdf', size: 5 * MB }, 'document', []],
    ['5 MB + 1 byte document', { name: 'a.pdf', size: 5 * MB + 1 }, 'document', ['size']],
    ['10 MB pending document', { name: 'a.pdf', size: 10 * MB }, 'pendingDocument', []],
    ['10 MB + 1 byte pending document', { name: 'a.pdf', size: 10 * MB + 1 }, 'pendingDocument', ['size']],
    ['6 MB pending document', { name: 'a.png', size: 6 * MB }, 'pendingDocument', []],
    ['empty file', { name: 'a.pdf', size: 0 }, 'document', ['empty']],
    ['jpg upload', { name: 'a.jpg', size: 10 }, 'document', ['extension']],
    ['jpg conversion', { name: 'a.jpg', size: 10 }, 'conversion', []],
    ['name of 100', { name: `${'n'.repeat(96)}.pdf`, size: 10 }, 'document', []],
    ['name of 101', { name: `${'n'.repeat(97)}.pdf`, size: 10 }, 'document', ['nameLength']],
  ] as const)('%s', (_name, file, kind, expected) => {
    expect(fileIssues(file, kind)).toEqual(expected);
  });

  it.each([
    [9, 1, true],
    [10, 0, true],
    [10, 1, false],
    [0, 10, true],
    [0, 11, false],
  ])('%d in the group + %d more allowed: %s', (existing, adding, allowed) => {
    expect(isFileCountAllowed(existing, adding)).toBe(allowed);
  });
});

describe('content sniffing', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it.each([
    [bytes(0x25, 0x50, 0x44, 0x46, 0x2d, 0x31), 'pdf'],
    [bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0), 'png'],
    [bytes(0xff, 0xd8, 0xff, 0xe0), 'jpeg'],
    [bytes(0x49, 0x49, 0x2a, 0x00), 'tiff'],
    [bytes(0x4d, 0x4d, 0x00, 0x2a), 'tiff'],
    [bytes(0x47, 0x49, 0x46, 0x38), null],
    [bytes(), null],
  ])('%#', (content, type) => {
    expect(sniffFileType(content)).toBe(type);
  });

  it('compares content with the name', () => {
    const pdf = bytes(0x25, 0x50, 0x44, 0x46, 0x2d);
    expect(contentMatchesName(pdf, 'a.pdf')).toBe(true);
    expect(contentMatchesName(pdf, 'a.png')).toBe(false);
    expect(contentMatchesName(pdf, 'a.exe')).toBe(false);
  });
});

describe('search: minimum length 3 (spec §9)', () => {
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['ab', 'minlength'],
    [' ab ', 'minlength'],
    ['abc', null],
    ['សុខ', null],
  ])('%j -> %s', (term, key) => {
    expect(searchTermIssue(term)).toBe(key);
    expect(isSearchable(term)).toBe(key === null);
  });

  it('normalises the term', () => {
    expect(searchTermSchema.parse('  sok   dara ')).toBe('sok dara');
    expect(optionalSearchTermSchema.parse(undefined)).toBeUndefined();
    expect(optionalSearchTermSchema.parse('  ')).toBeUndefined();
    expect(optionalSearchTermSchema.safeParse('ab').success).toBe(false);
  });

  it('drops control characters and bidirectional overrides, which no search box shows', () => {
    expect(normaliseSearchTerm('\u202Eso\u0000kha\u2066 ')).toBe('sokha');
    expect(normaliseSearchTerm('ចាន់\u0007 \t សុខា')).toBe('ចាន់ សុខា');
    expect(searchTermSchema.parse('0\u001B12\u202D3')).toBe('0123');
    expect(isSearchable('a\u0000\u0001\u202Eb')).toBe(false);
    expect(searchTermIssue('\u2067\u2069')).toBe('required');
    expect(optionalSearchTermSchema.parse('\u0000 \u007F')).toBeUndefined();
  });
});
