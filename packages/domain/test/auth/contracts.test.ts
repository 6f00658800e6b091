import { describe, expect, it } from 'vitest';
import { FORM_ERROR_KEYS } from '@portal/domain/errors/error-keys';
import { loginRequestSchema, loginResponseSchema } from '@portal/domain/contracts/auth/login';
import { loginMfaRequestSchema, loginMfaResponseSchema } from '@portal/domain/contracts/auth/login-mfa';
import { resetPasswordRequestSchema } from '@portal/domain/contracts/auth/reset-password';
import { changePasswordRequestSchema } from '@portal/domain/contracts/auth/change-password';
import { logoutRequestSchema } from '@portal/domain/contracts/auth/logout';
import { bindPasskeyRequestSchema } from '@portal/domain/contracts/auth/bind-passkey';
import { passkeyLoginRequestSchema } from '@portal/domain/contracts/auth/passkey-login';
import { passkeyAuthenticationOptionsRequestSchema } from '@portal/domain/contracts/auth/passkey-authentication-options';

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];
}

describe('auth contracts', () => {
  it('login needs a username and a bounded password; messages are form error keys', () => {
    expect(loginRequestSchema.safeParse({ username: ' demo.aap ', password: 'x' }).data).toEqual({ username: 'demo.aap', password: 'x' });
    const bad = loginRequestSchema.safeParse({ username: '  ', password: 'p'.repeat(65) });
    expect(issues(bad)).toEqual([
      ['username', 'required'],
      ['password', 'maxlength'],
    ]);
    expect(issues(loginRequestSchema.safeParse({}))).toEqual([
      ['username', 'required'],
      ['password', 'required'],
    ]);
    expect(issues(loginRequestSchema.safeParse({ username: 5, password: 'x' }))).toEqual([['username', 'invalid']]);
    for (const [, key] of issues(bad)) expect(FORM_ERROR_KEYS).toContain(key);
  });

  it('login answers the DESIGN.md §3 shape', () => {
    expect(
      loginResponseSchema.safeParse({
        mfaRequired: true,
        requestCode: 'abc',
        maskedPhone: '+855*****678',
        expiresIn: 300,
        resendIn: 120,
      }).success,
    ).toBe(true);
    expect(
      loginResponseSchema.safeParse({ mfaRequired: false, requestCode: 'a', maskedPhone: '', expiresIn: 1, resendIn: 1 }).success,
    ).toBe(false);
  });

  it('an OTP is exactly six digits', () => {
    expect(loginMfaRequestSchema.safeParse({ requestCode: 'r', otp: '012345' }).success).toBe(true);
    expect(issues(loginMfaRequestSchema.safeParse({ requestCode: 'r', otp: '12345' }))).toEqual([['otp', 'pattern']]);
    expect(issues(loginMfaRequestSchema.safeParse({ requestCode: 'r', otp: '12345a' }))).toEqual([['otp', 'pattern']]);
  });

  it('a session carries tokens, scopes and the user with known roles', () => {
    const session = {
      accessToken: 'a',
      refreshToken: 'r',
      expiresIn: 900,
      scopes: ['contact'],
      user: { id: 'u', username: 'demo.aap', displayName: 'Demo', roles: ['ROLE_AAP'], alias: null },
    };
    expect(loginMfaResponseSchema.safeParse(session).success).toBe(true);
    expect(loginMfaResponseSchema.safeParse({ ...session, user: { ...session.user, roles: ['ROLE_ROOT'] } }).success).toBe(false);
  });

  it('reset and change password enforce the confirmation (unmatched), but leave 1050.. to the server', () => {
    expect(issues(resetPasswordRequestSchema.safeParse({ requestCode: 'r', password: 'short', confirmedPassword: 'short' }))).toEqual([]);
    expect(
      issues(resetPasswordRequestSchema.safeParse({ requestCode: 'r', password: 'Abcdefgh1!', confirmedPassword: 'Abcdefgh1?' })),
    ).toEqual([['confirmedPassword', 'unmatched']]);
    expect(issues(resetPasswordRequestSchema.safeParse({ password: 'x'.repeat(65), confirmedPassword: 'x' }))).toEqual([
      ['password', 'maxlength'],
      ['confirmedPassword', 'unmatched'],
    ]);
    expect(resetPasswordRequestSchema.safeParse({ password: 'a', confirmedPassword: 'a' }).success).toBe(true); // 1043 is the server's
    expect(issues(changePasswordRequestSchema.safeParse({ action: 'changePassword', password: 'a', confirmedPassword: 'b' }))).toEqual([
      ['confirmedPassword', 'unmatched'],
    ]);
    expect(changePasswordRequestSchema.safeParse({ action: 'other', password: 'a', confirmedPassword: 'a' }).success).toBe(false);
  });

  it('logout and assertions accept an empty body', () => {
    expect(logoutRequestSchema.safeParse(undefined).success).toBe(true);
    expect(logoutRequestSchema.safeParse({}).success).toBe(true);
    expect(passkeyAuthenticationOptionsRequestSchema.safeParse(undefined).success).toBe(true);
  });

  it('WebAuthn responses are base64url and bounded', () => {
    const registration = {
      id: 'abc_-',
      rawId: 'abc_-',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'o2Nm', transports: ['internal'] },
      clientExtensionResults: {},
    };
    expect(bindPasskeyRequestSchema.safeParse({ requestCode: 'r', response: registration }).success).toBe(true);
    expect(bindPasskeyRequestSchema.safeParse({ requestCode: 'r', response: { ...registration, id: 'not base64!' } }).success).toBe(false);
    // The label follows the typed-text rule: no control characters, no bidirectional overrides.
    expect(bindPasskeyRequestSchema.safeParse({ requestCode: 'r', response: registration, name: 'Phone' }).success).toBe(true);
    for (const name of ['Ph\u0000one', 'Ph\u202Eone'])
      expect(issues(bindPasskeyRequestSchema.safeParse({ requestCode: 'r', response: registration, name }))).toEqual([['name', 'invalid']]);
    const assertion = {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
      clientExtensionResults: {},
    };
    expect(passkeyLoginRequestSchema.safeParse({ response: assertion }).success).toBe(true);
    expect(passkeyLoginRequestSchema.safeParse({ response: { ...assertion, type: 'password' } }).success).toBe(false);
  });
});
