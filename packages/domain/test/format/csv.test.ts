import { describe, expect, it } from 'vitest';
import { csvCell, csvDocument } from '../../src/format/csv';

describe('CSV safe against formula injection', () => {
  it.each([
    ['=1+1', `"'=1+1"`],
    ['+SUM(A1)', `"'+SUM(A1)"`],
    ['-2+3', `"'-2+3"`],
    ['@cmd', `"'@cmd"`],
    ['\tx', `"'\tx"`],
    ['\rx', `"'\rx"`],
    ['Sokha "Jr" Chan', '"Sokha ""Jr"" Chan"'],
    ['ចាន់ សុខា', '"ចាន់ សុខា"'],
    ['a,b\nc', '"a,b\nc"'],
  ])('%j -> %s', (value, expected) => {
    expect(csvCell(value)).toBe(expected);
  });

  it('keeps numbers (negative ones too) and empties as they are', () => {
    expect([csvCell(-5), csvCell(80), csvCell(null), csvCell(undefined), csvCell(true)]).toEqual(['"-5"', '"80"', '""', '""', '"true"']);
  });

  it('writes a BOM, a header and CRLF lines', () => {
    expect(csvDocument(['a', 'b'], [['=x', 1]])).toBe('\uFEFF"a","b"\r\n"\'=x","1"\r\n');
  });
});
