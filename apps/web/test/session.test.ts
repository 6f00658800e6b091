import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearLogin,
  hasValidLogin,
  readStoredLogin,
  safeNextPath,
  signInPathAfterLogin,
  signInPathFor,
  storeLogin,
  storeTokens,
} from '../src/lib/session';
import { fakeJwt, stubBrowser } from './browser-stubs';

describe('session', () => {
  let storage: Storage;
  beforeEach(() => {
    ({ localStorage: storage } = stubBrowser());
  });
  afterEach(() => vi.unstubAllGlobals());

  it('stores token, profile and alias, and clears them', () => {
    const user = { id: '1', username: 'demo.aap', displayName: 'Demo', roles: ['ROLE_AAP' as const], alias: 'agency' };
    storeLogin({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 60), refreshToken: 'r' }, user);
    expect(readStoredLogin()?.refreshToken).toBe('r');
    expect(JSON.parse(storage.getItem('profile') ?? 'null')).toEqual(user);
    expect(storage.getItem('alias')).toBe('agency');
    expect(hasValidLogin()).toBe(true);
    clearLogin();
    expect(readStoredLogin()).toBeNull();
    expect(storage.getItem('alias')).toBeNull();
    expect(hasValidLogin()).toBe(false);
  });

  it('a screen whose login is gone comes back after sign-in, unless the person signed out here (until the next sign-in)', () => {
    const tokens = { accessToken: fakeJwt(Math.floor(Date.now() / 1000) + 60), refreshToken: 'r' };
    storeTokens(tokens);
    clearLogin();
    expect(signInPathAfterLogin('/home/contact')).toBe('/auth/signin?next=%2Fhome%2Fcontact');
    storeTokens(tokens);
    clearLogin({ signedOut: true });
    expect(signInPathAfterLogin('/home/contact')).toBe('/auth/signin');
    storeTokens(tokens);
    clearLogin();
    expect(signInPathAfterLogin('/home/contact')).toBe('/auth/signin?next=%2Fhome%2Fcontact');
  });

  it('treats an expired or unreadable access token as not valid', () => {
    storage.setItem('token', JSON.stringify({ accessToken: fakeJwt(Math.floor(Date.now() / 1000) - 5), refreshToken: 'r' }));
    expect(hasValidLogin()).toBe(false);
    storage.setItem('token', '{not json');
    expect(readStoredLogin()).toBeNull();
  });

  it('only follows `next` to paths inside the app', () => {
    expect(safeNextPath('/home/contact?x=1')).toBe('/home/contact?x=1');
    expect(safeNextPath(null)).toBe('/home');
    expect(safeNextPath('https://evil.example')).toBe('/home');
    expect(safeNextPath('//evil.example')).toBe('/home');
    expect(safeNextPath('/\\evil.example')).toBe('/home');
    expect(safeNextPath('/auth/signin?next=/home')).toBe('/home');
    expect(signInPathFor('/home/contact?a=1&b=2')).toBe('/auth/signin?next=%2Fhome%2Fcontact%3Fa%3D1%26b%3D2');
  });
});
