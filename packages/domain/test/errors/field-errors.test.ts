import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { httpErrorKey } from '@portal/domain/errors/http-error-key';
import { issueField, issueKey, toFieldErrors } from '@portal/domain/errors/field-errors';
import { dateOfBirthSchema } from '@portal/domain/rules/dates';
import { emailSchema } from '@portal/domain/rules/email';
import { textSchema } from '@portal/domain/rules/generic';

describe('toFieldErrors: zod issues to the 422 envelope', () => {
  const schema = z.object({
    name: textSchema({ required: true, maxLength: 5 }),
    contact: z.object({ email: emailSchema, phones: z.array(textSchema({ pattern: /^\d+$/ })) }),
    dateOfBirth: dateOfBirthSchema({ now: new Date('2026-11-21T05:00:00Z') }),
  });

  it('joins the path with dots and keeps our keys', () => {
    const result = schema.safeParse({
      name: 'Sokhadara',
      contact: { email: 'a@b.c', phones: ['012', 'x'] },
      dateOfBirth: '22/11/2026',
    });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error)).toEqual([
      { field: 'name', key: 'maxlength' },
      { field: 'contact.email', key: 'email' },
      { field: 'contact.phones.1', key: 'pattern' },
      { field: 'dateOfBirth', key: 'date_not_bigger_then_current_date' },
    ]);
  });

  it('maps plain zod issues to form keys', () => {
    const plain = z.object({
      a: z.string().max(2),
      b: z.string().min(2),
      c: z.number().max(2),
      d: z.number().min(2),
      e: z.string().email(),
      f: z.string().regex(/^x$/),
      g: z.string(),
      h: z.literal('x'),
    });
    const result = plain.safeParse({ a: 'abc', b: 'a', c: 3, d: 1, e: 'nope', f: 'y', h: 'y' });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(toFieldErrors(result.error)).toEqual([
      { field: 'a', key: 'maxlength' },
      { field: 'b', key: 'minlength' },
      { field: 'c', key: 'max' },
      { field: 'd', key: 'min' },
      { field: 'e', key: 'email' },
      { field: 'f', key: 'pattern' },
      { field: 'g', key: 'required' },
      { field: 'h', key: 'invalid' },
    ]);
  });

  it('a wrong type is invalid, and a root issue has an empty field', () => {
    const result = z.object({ g: z.string() }).safeParse({ g: 5 });
    expect(result.success || toFieldErrors(result.error)).toEqual([{ field: 'g', key: 'invalid' }]);
    expect(issueField([])).toBe('');
    expect(issueKey({ path: [], message: 'document_file_required' })).toBe('document_file_required');
  });

  it('does not repeat a field/key pair', () => {
    const issues = [
      { path: ['a'], message: 'required' },
      { path: ['a'], message: 'required' },
      { path: ['a'], message: 'pattern' },
    ];
    expect(toFieldErrors({ issues })).toEqual([
      { field: 'a', key: 'required' },
      { field: 'a', key: 'pattern' },
    ]);
  });
});

describe('httpErrorKey', () => {
  it.each([
    [401, 'unauthenticated'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [422, 'validation_failed'],
    [429, 'too_many_requests'],
    [418, 'bad_request'],
    [500, 'system_error'],
    [502, 'system_error'],
    [0, 'system_error'],
  ])('%d -> %s', (status, key) => {
    expect(httpErrorKey(status)).toBe(key);
  });
});
