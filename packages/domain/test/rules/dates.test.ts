import { describe, expect, it } from 'vitest';
import { checkDate, dateIssue, dateOfBirthSchema, dateSchema, optionalPastDateSchema, pastDateSchema } from '@portal/domain/rules/dates';

const keyOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

// 17:00 UTC on 20 Nov is midnight on 21 Nov in Phnom Penh (UTC+7).
const PP_MIDNIGHT = new Date('2026-11-20T17:00:00Z');
const PP_LAST_SECOND_OF_20TH = new Date('2026-11-20T16:59:59Z');
const NOON = new Date('2026-11-21T05:00:00Z'); // 12:00 on 21 Nov in Phnom Penh

describe('accepted input formats (spec §5)', () => {
  it.each([
    ['21/11/2026', '2026-11-21'],
    ['2026-11-21', '2026-11-21'],
    [' 01/02/2020 ', '2020-02-01'],
    ['29/02/2024', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
  ])('%j -> %s', (input, iso) => {
    expect(dateSchema().parse(input)).toBe(iso);
  });

  it.each([
    ['31/02/2020'],
    ['29/02/2023'],
    ['1900-02-29'],
    ['31/04/2021'],
    ['00/01/2020'],
    ['01/13/2020'],
    ['2020/01/01'],
    ['1/1/2020'],
    ['01-01-2020'],
    ['20200101'],
    ['21/11/26'],
    ['yesterday'],
  ])('%j is invalid', (input) => {
    expect(dateIssue(input)).toBe('invalid');
    expect(keyOf(dateSchema().safeParse(input))).toBe('invalid');
  });

  it('empty is required', () => {
    expect(keyOf(dateSchema().safeParse(''))).toBe('required');
    expect(keyOf(dateSchema().safeParse(undefined))).toBe('required');
  });
});

describe('year 1000 to 2999 (spec §5)', () => {
  it.each([
    ['01/01/0999', 'invalid'],
    ['01/01/1000', null],
    ['31/12/2999', null],
    ['01/01/3000', 'invalid'],
    ['0999-12-31', 'invalid'],
    ['3000-01-01', 'invalid'],
  ])('%j -> %s', (input, key) => {
    expect(dateIssue(input)).toBe(key);
  });
});

describe('not later than today in Asia/Phnom_Penh (spec §5)', () => {
  it.each([
    ['today at noon', NOON, '21/11/2026', null],
    ['tomorrow at noon', NOON, '22/11/2026', 'date_not_bigger_then_current_date'],
    ['yesterday at noon', NOON, '20/11/2026', null],
    // UTC still says 20 Nov, Phnom Penh already says 21 Nov: the 21st is today, not the future
    ['the 21st at 00:00 Phnom Penh', PP_MIDNIGHT, '21/11/2026', null],
    ['the 22nd at 00:00 Phnom Penh', PP_MIDNIGHT, '2026-11-22', 'date_not_bigger_then_current_date'],
    // one second earlier it is still the 20th in Phnom Penh: the 21st is tomorrow
    ['the 21st at 23:59:59 on the 20th', PP_LAST_SECOND_OF_20TH, '21/11/2026', 'date_not_bigger_then_current_date'],
    ['the 20th at 23:59:59 on the 20th', PP_LAST_SECOND_OF_20TH, '20/11/2026', null],
  ])('%s', (_name, now, input, key) => {
    expect(keyOf(pastDateSchema({ now }).safeParse(input))).toBe(key);
    expect(keyOf(dateOfBirthSchema({ now }).safeParse(input))).toBe(key);
  });

  it('reads the clock when checking, not when the schema is built', () => {
    let now = PP_LAST_SECOND_OF_20TH;
    const schema = pastDateSchema({ now: () => now });
    expect(schema.safeParse('21/11/2026').success).toBe(false);
    now = PP_MIDNIGHT;
    expect(schema.safeParse('21/11/2026').success).toBe(true);
  });

  it('a future date is fine when the rule does not ask', () => {
    expect(checkDate('22/11/2026', { now: NOON })).toEqual({ ok: true, iso: '2026-11-22' });
  });
});

describe('optional dates', () => {
  it.each([
    [undefined, true, undefined],
    [null, true, undefined],
    ['', true, undefined],
    ['20/11/2026', true, '2026-11-20'],
    ['22/11/2026', false, undefined],
    ['31/02/2020', false, undefined],
  ])('%j', (input, ok, output) => {
    const result = optionalPastDateSchema({ now: NOON }).safeParse(input);
    expect(result.success).toBe(ok);
    if (result.success) expect(result.data).toBe(output);
  });
});
