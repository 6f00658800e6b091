import { describe, expect, it } from 'vitest';
import { actionKeyFor } from './action-keys';

const CREATE = '/api/contact/v1/create';

describe('one Idempotency-Key per user action', () => {
  it('only the calls that create, submit, upload, convert, sign or send a link take a key', () => {
    expect(actionKeyFor('GET', '/api/contact/v1/find/1', undefined)).toBeUndefined();
    expect(actionKeyFor('POST', '/api/contact/v1/update/1', { a: 1 })).toBeUndefined();
    expect(actionKeyFor('POST', '/api/candidate/v1/form/link/otp', { a: 1 })).toBeUndefined();
    for (const path of [
      '/api/appform/v1/submit/9',
      '/api/customer/v1/sign',
      '/api/proposal/v1/send/9',
      '/api/appform/v1/remote-sign/9',
      '/api/candidate/v1/form/link',
    ])
      expect(actionKeyFor('POST', path, { a: 1 })?.key, path).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sending the same action again before it has a kept answer reuses its key (a double tap, a lost answer, a 5xx, a 409)', () => {
    const body = { firstName: 'Sokha', lastName: 'Reuse' };
    const first = actionKeyFor('POST', CREATE, body);
    const doubleTap = actionKeyFor('POST', CREATE, { ...body });
    expect(doubleTap?.key).toBe(first?.key);
    first?.settle(0);
    const afterNoAnswer = actionKeyFor('POST', CREATE, body);
    expect(afterNoAnswer?.key).toBe(first?.key);
    afterNoAnswer?.settle(503);
    const afterOutage = actionKeyFor('POST', CREATE, body);
    expect(afterOutage?.key).toBe(first?.key);
    afterOutage?.settle(409);
    afterOutage?.settle(401);
    expect(actionKeyFor('POST', CREATE, body)?.key).toBe(first?.key);
  });

  it('once the server keeps an answer (2xx or 4xx), the same form sent again is a new action', () => {
    const body = { firstName: 'Sokha', lastName: 'Twice' };
    const first = actionKeyFor('POST', CREATE, body);
    first?.settle(201);
    const second = actionKeyFor('POST', CREATE, body);
    expect(second?.key).not.toBe(first?.key);
    second?.settle(422);
    expect(actionKeyFor('POST', CREATE, body)?.key).not.toBe(second?.key);
  });

  it('a different body or path is a different action', () => {
    const a = actionKeyFor('POST', CREATE, { lastName: 'One' });
    const b = actionKeyFor('POST', CREATE, { lastName: 'Two' });
    const c = actionKeyFor('POST', '/api/proposal/v1/create', { lastName: 'One' });
    expect(new Set([a?.key, b?.key, c?.key]).size).toBe(3);
  });

  it('an upload is told apart by its fields and by each file chosen (name, size, type, date)', () => {
    const form = (fileName: string, code: string, bytes = 'abc') => {
      const f = new FormData();
      f.set('pendingCode', code);
      f.set('file', new File([bytes], fileName, { type: 'application/pdf', lastModified: 1_700_000_000_000 }));
      return f;
    };
    const path = '/api/policy/v1/upload/P1/client-pending-doc';
    const first = actionKeyFor('POST', path, form('id.pdf', 'A01'));
    expect(actionKeyFor('POST', path, form('id.pdf', 'A01'))?.key).toBe(first?.key);
    expect(actionKeyFor('POST', path, form('id.pdf', 'A02'))?.key).not.toBe(first?.key);
    expect(actionKeyFor('POST', path, form('other.pdf', 'A01'))?.key).not.toBe(first?.key);
    expect(actionKeyFor('POST', path, form('id.pdf', 'A01', 'abcd'))?.key).not.toBe(first?.key);
  });
});
