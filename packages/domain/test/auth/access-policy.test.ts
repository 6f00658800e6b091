import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@portal/domain/api/api-paths';
import {
  ACCESS_POLICY,
  accessFor,
  accessKey,
  decideAccess,
  isOpenInfrastructurePath,
  PUBLIC,
  scopesForRoles,
} from '@portal/domain/api/access-policy';
import { ROLES } from '@portal/domain/codes/roles';

describe('access policy', () => {
  it('covers every API_PATHS entry exactly, and nothing else', () => {
    const expected = API_PATHS.map((entry) => accessKey(entry.method, entry.path)).sort();
    expect(Object.keys(ACCESS_POLICY).sort()).toEqual(expected);
  });

  it('names only known roles, and never an empty list', () => {
    for (const [key, access] of Object.entries(ACCESS_POLICY)) {
      if (access === PUBLIC) continue;
      expect(access.length, key).toBeGreaterThan(0);
      for (const role of access) expect(ROLES, key).toContain(role);
    }
  });

  it('keeps public exactly the sign-in, reset, passkey-assertion and candidate-link calls', () => {
    const open = Object.entries(ACCESS_POLICY)
      .filter(([, access]) => access === PUBLIC)
      .map(([key]) => key)
      .sort();
    expect(open).toEqual([
      'POST /api/auth/v1/assertions',
      'POST /api/auth/v1/login',
      'POST /api/auth/v1/login/mfa',
      'POST /api/auth/v1/otp/resend',
      'POST /api/auth/v1/otp/reset',
      'POST /api/auth/v1/otp/verify',
      'POST /api/auth/v1/refresh',
      'POST /api/auth/v1/reset',
      'POST /api/auth/v1/webauthn',
      'POST /api/candidate/v1/form/link/otp',
      'POST /api/candidate/v1/form/link/otp/verify',
    ]);
  });

  it('decides 401 for anonymous, 403 for the wrong role, and denies what is not listed', () => {
    expect(decideAccess(accessFor('GET', '/api/user/v1/dashboard'), null)).toBe('unauthenticated');
    expect(decideAccess(accessFor('POST', '/api/contact/v1/create'), ['ROLE_TRAINEE'])).toBe('forbidden');
    expect(decideAccess(accessFor('POST', '/api/contact/v1/create'), ['ROLE_AAP'])).toBe('allow');
    expect(decideAccess(accessFor('POST', '/api/contact/v1/create'), ['ROLE_TRAINEE', 'ROLE_BK'])).toBe('allow');
    expect(decideAccess(accessFor('POST', '/api/auth/v1/login'), null)).toBe('allow');
    expect(decideAccess(accessFor('GET', '/api/nowhere'), ['ROLE_AA'])).toBe('forbidden');
    expect(decideAccess(accessFor('GET', '/api/nowhere'), null)).toBe('unauthenticated');
  });

  it('keeps candidates on their own form and out of sales data', () => {
    for (const role of ['ROLE_CAN', 'ROLE_CNL']) {
      expect(decideAccess(accessFor('POST', '/api/candidate/v1/form/update/{id}'), [role])).toBe('allow');
      expect(decideAccess(accessFor('GET', '/api/contact/v2/find'), [role])).toBe('forbidden');
      expect(decideAccess(accessFor('GET', '/api/policy/v1/search/customers'), [role])).toBe('forbidden');
      expect(decideAccess(accessFor('POST', '/api/candidate/v1/form/review'), [role])).toBe('forbidden');
    }
    expect(decideAccess(accessFor('GET', '/api/user/v1/profile'), ['ROLE_CNL'])).toBe('forbidden');
    expect(decideAccess(accessFor('GET', '/api/compliance/training/v1/questions'), ['ROLE_TRAINEE'])).toBe('allow');
    expect(decideAccess(accessFor('POST', '/api/agent-product/v1/create'), ['ROLE_AS'])).toBe('forbidden');
  });

  it('derives scopes from the areas a role reaches', () => {
    expect(scopesForRoles(['ROLE_TRAINEE'])).toEqual(['auth', 'compliance', 'product', 'user']);
    // A candidate's secure-link session: their own form, and turning a photo into a PDF (document/v1/scan) for its uploads.
    expect(scopesForRoles(['ROLE_CNL'])).toEqual(['auth', 'candidate', 'document']);
    expect(scopesForRoles(['ROLE_AAP'])).toContain('contact');
    expect(scopesForRoles([])).toEqual([]);
  });

  it('leaves health, docs, the dev outbox and language files open', () => {
    for (const url of ['/api/health', '/api/docs', '/api/docs/json', '/api/dev/outbox?to=x', '/locales/auth.json']) {
      expect(isOpenInfrastructurePath(url), url).toBe(true);
    }
    for (const url of ['/api/healthz', '/api/docsx', '/api/dev/outbox/x', '/api/user/v1/profile']) {
      expect(isOpenInfrastructurePath(url), url).toBe(false);
    }
  });
});
