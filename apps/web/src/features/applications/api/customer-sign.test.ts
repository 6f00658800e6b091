// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { SIGN_TOKEN_HEADER } from '@portal/domain/contracts/applications/remote-signature';
import { IDEMPOTENCY_HEADER } from '@portal/domain/api/idempotency';
import { json, standInFetch } from '../../../test/fetch-stand-in';
import { signDeclaration } from './customer-sign';

const SIGN = '/api/customer/v1/sign';
const body = { image: 'data:image/png;base64,AAAA', lang: 'en' as const, summaryHash: 'a'.repeat(64) };

describe("the signer's page (no account)", () => {
  it('sends its signature with an Idempotency-Key, and the same key again after a lost answer', async () => {
    let lost = true;
    const network = standInFetch((r) => {
      if (r.path !== SIGN) return undefined;
      if (lost) {
        lost = false;
        return Promise.reject(new TypeError('Failed to fetch'));
      }
      return json(201, { signedAt: '2026-11-28T10:00:00+07:00' });
    });

    await expect(signDeclaration('session-token', body)).rejects.toBeTruthy();
    expect(await signDeclaration('session-token', body)).toEqual({ signedAt: '2026-11-28T10:00:00+07:00' });

    const [first, second] = network.to(SIGN);
    expect(first?.headers.get(SIGN_TOKEN_HEADER)).toBe('session-token');
    expect(first?.headers.get(IDEMPOTENCY_HEADER)).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.headers.get(IDEMPOTENCY_HEADER)).toBe(first?.headers.get(IDEMPOTENCY_HEADER));
  });
});
