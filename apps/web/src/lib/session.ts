import { useMemo, useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';
import type { SessionUser } from '@portal/domain/contracts/auth/auth-session';
import { isStoredLoginValid } from '@portal/domain/session/stored-login';
import { changeLanguage, languageChosenHere } from './i18n';

/**
 * The stored login (spec §3/§4, DESIGN.md §6): localStorage `token` = `{ accessToken, refreshToken }`,
 * `profile` = the signed-in user, `alias` = the user type. One store, so the route guard, the
 * header and the API client agree; other tabs are followed through the `storage` event.
 */
export interface StoredLogin {
  accessToken: string;
  refreshToken: string;
}

const CHANGE_EVENT = 'portal:session-change';

/** Set by a sign-out made in this tab, until the next sign-in here (see `clearLogin`). */
let signedOutHere = false;

function readJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as unknown) : null;
  } catch {
    return null;
  }
}

export function readStoredLogin(): StoredLogin | null {
  const value = readJson(STORAGE_KEYS.token);
  if (!value || typeof value !== 'object') return null;
  const { accessToken, refreshToken } = value as Partial<StoredLogin>;
  return typeof accessToken === 'string' && typeof refreshToken === 'string' ? { accessToken, refreshToken } : null;
}

export function readProfile(): SessionUser | null {
  const value = readJson(STORAGE_KEYS.profile);
  if (!value || typeof value !== 'object') return null;
  const user = value as Partial<SessionUser>;
  return typeof user.username === 'string' && Array.isArray(user.roles) ? (user as SessionUser) : null;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Whether the stored access token decodes and has not expired (the domain's rule). */
export function hasValidLogin(): boolean {
  const stored = readStoredLogin();
  return stored !== null && isStoredLoginValid(stored, nowSeconds());
}

function emitChange(): void {
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Keeps a new token pair (after sign-in or a refresh). */
export function storeTokens(tokens: StoredLogin): void {
  signedOutHere = false;
  localStorage.setItem(STORAGE_KEYS.token, JSON.stringify({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken }));
  emitChange();
}

/** Keeps a whole sign-in: tokens, the user as `profile`, and the user type as `alias`. */
export function storeLogin(tokens: StoredLogin, user: SessionUser): void {
  localStorage.setItem(STORAGE_KEYS.profile, JSON.stringify(user));
  if (user.alias) localStorage.setItem(STORAGE_KEYS.alias, user.alias);
  else localStorage.removeItem(STORAGE_KEYS.alias);
  storeTokens(tokens);
  // The language kept on the account (profile) applies from sign-in on, in a browser where no
  // language was chosen yet (a choice made here, on the sign-in page included, is kept).
  if (user.preferredLang && !languageChosenHere()) void changeLanguage(user.preferredLang);
}

/**
 * Forgets the login. `signedOut`: the person signed out here (the account menu, the idle
 * sign-out), so the signed-in screen leaves for the plain sign-in screen and not for one that
 * would bring the next person back to it (`next`).
 */
export function clearLogin({ signedOut = false }: { signedOut?: boolean } = {}): void {
  signedOutHere = signedOut;
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.profile, STORAGE_KEYS.alias, STORAGE_KEYS.currentUser]) {
    localStorage.removeItem(key);
  }
  emitChange();
}

function subscribe(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === STORAGE_KEYS.token || event.key === STORAGE_KEYS.profile) onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

// Snapshots are the raw strings, so React sees a change only when storage really changed.
const tokenSnapshot = () => localStorage.getItem(STORAGE_KEYS.token);
const profileSnapshot = () => localStorage.getItem(STORAGE_KEYS.profile);

export interface Session {
  /** A login is stored (its access token may still need a refresh; the route guard decides). */
  hasLogin: boolean;
  user: SessionUser | null;
}

export function useSession(): Session {
  const token = useSyncExternalStore(subscribe, tokenSnapshot, () => null);
  const profile = useSyncExternalStore(subscribe, profileSnapshot, () => null);
  return useMemo(
    () => ({ hasLogin: token !== null && readStoredLogin() !== null, user: profile === null ? null : readProfile() }),
    [token, profile],
  );
}

const NO_ROLES: readonly string[] = [];

/** The signed-in user's roles: what the menu, the shortcuts and the screens are built from. */
export function useRoles(): readonly string[] {
  return useSession().user?.roles ?? NO_ROLES;
}

/**
 * Where to go after sign-in: the `next` parameter when it is a path of this app, else /home.
 * Anything else (`//evil.example`, `https://…`) is ignored, so the link cannot send users away.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/home';
  if (next.startsWith('/auth/signin') || next.startsWith('/otp')) return '/home';
  return next;
}

export function signInPathFor(path: string): string {
  return `/auth/signin?next=${encodeURIComponent(path)}`;
}

/** Where a signed-in screen goes when the login is gone: back to `path` after sign-in, unless the person signed out here. */
export function signInPathAfterLogin(path: string): string {
  return signedOutHere ? '/auth/signin' : signInPathFor(path);
}

/** The `reason` the sign-in screen explains when a session ran out (its tokens expired or were refused). */
export const SIGNED_OUT_REASON_EXPIRED = 'expired';

/** Sign-in after a session ran out: says so, and comes back to `path` afterwards. */
export function expiredSignInPathFor(path: string): string {
  return `${signInPathFor(path)}&reason=${SIGNED_OUT_REASON_EXPIRED}`;
}
