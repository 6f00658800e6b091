/**
 * The password step of sign-in prepares a way to open the offline store in a page that has not
 * been online since it opened (a phone that closed the tab in a village): a key derived from the
 * password (PBKDF2-SHA-256, `UNLOCK_ITERATIONS`, a fresh 16-byte salt), derived in the background
 * and held in this page's memory until the offline key arrives after the one-time code; the
 * password itself is not kept. offline-unlock.ts seals the offline key with it.
 *
 * Kept apart from offline-unlock.ts so the sign-in screen's first load carries only this.
 */
import { ADVISOR_ROLES } from '@portal/domain/codes/roles';

export const UNLOCK_ITERATIONS = 600_000;

/** The roles that work offline (the offline key's route serves them only). */
export function worksOffline(roles: readonly string[]): boolean {
  return roles.some((role) => (ADVISOR_ROLES as readonly string[]).includes(role));
}

export interface PendingUnlock {
  /** The username as typed at sign-in, lower-cased. */
  username: string;
  salt: Uint8Array<ArrayBuffer>;
  iterations: number;
  /** The password key, or null when WebCrypto refused (then nothing is sealed). */
  key: Promise<CryptoKey | null>;
}

let pending: PendingUnlock | null = null;

function sameUser(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** An AES-GCM key from a password and salt; slow on purpose (`iterations` rounds). */
export async function passwordKey(password: string, salt: Uint8Array<ArrayBuffer>, iterations = UNLOCK_ITERATIONS): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, material, { name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ]);
}

/** Called when the server accepted the password: starts the derivation and returns at once. */
export function preparePasswordUnlock(username: string, password: string, iterations = UNLOCK_ITERATIONS): void {
  if (typeof crypto === 'undefined' || !crypto.subtle) return;
  const salt = crypto.getRandomValues(new Uint8Array(new ArrayBuffer(16)));
  pending = { username: username.trim().toLowerCase(), salt, iterations, key: passwordKey(password, salt, iterations).catch(() => null) };
}

export function hasPendingUnlock(): boolean {
  return pending !== null;
}

/** The prepared password key for `username`, once: null when none was prepared for that user. Forgets any other. */
export function takePendingUnlock(username: string): PendingUnlock | null {
  const found = pending && sameUser(pending.username, username) ? pending : null;
  pending = null;
  return found;
}

/** Sign-out: drops a prepared password key not used yet. */
export function forgetPendingUnlock(): void {
  pending = null;
}
