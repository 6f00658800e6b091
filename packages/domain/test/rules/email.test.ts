import { describe, expect, it } from 'vitest';
import { emailIssue, emailSchema, isEmailAddress, requiredEmailSchema } from '@portal/domain/rules/email';

const local = (n: number) => 'a'.repeat(n);

describe('form email rule (spec §5)', () => {
  it.each([
    ['empty is accepted', '', null],
    ['5 characters is email', 'a@b.c', 'email'],
    ['5 characters, even well-formed-looking', 'ab@cd', 'email'],
    ['6 characters, well formed', 'a@b.co', null],
    ['6 characters, one-letter top-level part', 'ab@c.d', 'email'],
    ['64 characters', `${local(57)}@ex.com`, null],
    ['65 characters', `${local(58)}@ex.com`, 'maxlength'],
    ['65 characters even when malformed', local(65), 'maxlength'],
    ['no @', 'someone.example.com', 'email'],
    ['no domain dot', 'someone@example', 'email'],
    ['digits in the top-level part', 'someone@example.c0m', 'email'],
    ['two @', 'some@one@example.com', 'email'],
    ['space inside', 'some one@example.com', 'email'],
    ['plus and dots in the local part', 'sok.dara+test@mail.example.kh', null],
    ['leading dot', '.dara@example.com', 'email'],
    ['double dot', 'sok..dara@example.com', 'email'],
  ])('%s: %j -> %s', (_name, value, key) => {
    expect(emailIssue(value)).toBe(key);
    const result = emailSchema.safeParse(value);
    expect(result.success ? null : result.error.issues[0]?.message).toBe(key);
  });

  it('lengths are as the test names say', () => {
    expect(`${local(57)}@ex.com`).toHaveLength(64);
    expect(`${local(58)}@ex.com`).toHaveLength(65);
  });

  it('requiredEmailSchema refuses empty', () => {
    const result = requiredEmailSchema.safeParse('');
    expect(result.success ? null : result.error.issues[0]?.message).toBe('required');
  });
});

describe('generic email pattern: 254 characters, 64 in the local part', () => {
  // 60 + 1 + 60 + 1 + 60 + 1 + 56 + 4 = 243 characters of domain
  const domain = `${'d'.repeat(60)}.${'e'.repeat(60)}.${'f'.repeat(60)}.${'g'.repeat(56)}.com`;

  it.each([
    ['local part of 64', `${local(64)}@example.com`, 76, true],
    ['local part of 65', `${local(65)}@example.com`, 77, false],
    ['254 characters', `${local(10)}@${domain}`, 254, true],
    ['255 characters', `${local(11)}@${domain}`, 255, false],
  ])('%s', (_name, value, length, valid) => {
    expect(value).toHaveLength(length);
    expect(isEmailAddress(value)).toBe(valid);
  });
});
