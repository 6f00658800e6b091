import { describe, expect, it } from 'vitest';
import { credentialFormSchema, employeeIdConfirmationSchema, passwordConfirmationSchema } from '@portal/domain/rules/credentials';
import { mustMatch, RUN_WITH_FIELD_ISSUES } from '@portal/domain/rules/must-match';
import { passwordHints } from '@portal/domain/rules/password-hints';
import { passwordIssue, passwordSchema } from '@portal/domain/rules/password';
import * as z from 'zod';

const issuesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]);

describe('password length 8 to 64 (spec §5)', () => {
  it.each([
    ['', 'required'],
    ['a'.repeat(7), 'minlength'],
    ['a'.repeat(8), null],
    ['a'.repeat(64), null],
    ['a'.repeat(65), 'maxlength'],
  ])('%j -> %s', (password, key) => {
    expect(passwordIssue(password)).toBe(key);
    const result = passwordSchema.safeParse(password);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(key);
  });

  it('does not trim: spaces count toward the length', () => {
    expect(passwordIssue('   abcd   ')).toBeNull();
  });
});

describe('password hints never block', () => {
  it.each([
    ['', { length: false, digit: false, nonDigit: false, letter: false, special: false }],
    ['12345678', { length: true, digit: true, nonDigit: false, letter: false, special: false }],
    ['abcdefgh', { length: true, digit: false, nonDigit: true, letter: true, special: false }],
    ['Abc@1234', { length: true, digit: true, nonDigit: true, letter: true, special: true }],
    ['ពាក្យ@1', { length: false, digit: true, nonDigit: true, letter: true, special: true }],
    ['a b', { length: false, digit: false, nonDigit: true, letter: true, special: false }],
  ])('%j', (password, hints) => {
    expect(passwordHints(password)).toEqual(hints);
  });

  it('passes a weak but long-enough password through the schema', () => {
    expect(passwordSchema.safeParse('aaaaaaaa').success).toBe(true);
  });
});

describe('password confirmation is enforced (DESIGN.md §5)', () => {
  it.each([
    [{ password: 'Secret#2026', confirmedPassword: 'Secret#2026' }, []],
    [{ password: 'Secret#2026', confirmedPassword: 'Secret#2027' }, [['confirmedPassword', 'unmatched']]],
    [{ password: 'Secret#2026', confirmedPassword: '' }, [['confirmedPassword', 'required']]],
    // both problems at once: the password is too short AND the confirmation differs
    [
      { password: 'short', confirmedPassword: 'shorter' },
      [
        ['password', 'minlength'],
        ['confirmedPassword', 'unmatched'],
      ],
    ],
  ])('%j', (value, expected) => {
    expect(issuesOf(passwordConfirmationSchema.safeParse(value))).toEqual(expected);
  });
});

describe('employeeId must equal employeeIdConfirmed (spec §5)', () => {
  it.each([
    [{ employeeId: 'E12345', employeeIdConfirmed: 'E12345' }, []],
    [{ employeeId: 'E12345', employeeIdConfirmed: 'E12346' }, [['employeeIdConfirmed', 'unmatched']]],
    [{ employeeId: 'E12 345', employeeIdConfirmed: 'E12 345' }, [['employeeId', 'cannotContainSpace']]],
    [{ employeeId: '', employeeIdConfirmed: 'E1' }, [['employeeId', 'required']]],
  ])('%j', (value, expected) => {
    expect(issuesOf(employeeIdConfirmationSchema.safeParse(value))).toEqual(expected);
  });

  it('the whole credential form reports both pairs', () => {
    const result = credentialFormSchema.safeParse({
      password: 'Secret#2026',
      confirmedPassword: 'Secret#2025',
      employeeId: 'E1',
      employeeIdConfirmed: 'E2',
    });
    expect(issuesOf(result)).toEqual([
      ['confirmedPassword', 'unmatched'],
      ['employeeIdConfirmed', 'unmatched'],
    ]);
  });
});

describe('generic mustMatch', () => {
  const schema = z.object({ a: z.string(), b: z.string() }).superRefine(mustMatch('a', 'b'), RUN_WITH_FIELD_ISSUES);

  it.each([
    [{ a: 'x', b: 'x' }, []],
    [{ a: 'x', b: 'y' }, [['b', 'unmatched']]],
    [{ a: 'x', b: '' }, []],
    [{ a: '', b: 'y' }, []],
  ])('%j', (value, expected) => {
    expect(issuesOf(schema.safeParse(value))).toEqual(expected);
  });

  it('does not throw on a value that is not an object', () => {
    expect(schema.safeParse(null).success).toBe(false);
  });
});
