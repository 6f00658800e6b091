import { api, ApiError, NETWORK_ERROR_STATUS } from '../api-client';
import { readProfile } from '../session';
import { importOfflineKey } from './offline-crypto';
import { keepUnlockable, openWithPassword } from './offline-unlock';

/**
 * The offline store's key, held in this page's memory only (never in the clear in IndexedDB,
 * localStorage or the service worker). Asked from the server when the page first needs it. A
 * page opened without network has none until the network returns, or until the advisor opens
 * the copy sealed with their password (offline-unlock.ts): until then it still counts what
 * waits to be sent, but cannot read or add personal data.
 */
const OFFLINE_KEY_PATH = '/api/offline/v1/key';
/** 32 bytes in base64url (the contract: @portal/domain/contracts/offline/offline-key). */
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

let key: CryptoKey | null = null;
let asking: Promise<CryptoKey | null> | null = null;
/** The last ask found no network (or no answer): the page may offer the password instead. */
let unreachable = false;
let version = 0;
const listeners = new Set<() => void>();

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** For useSyncExternalStore: a number that changes whenever the key or its reachability does. */
export function offlineKeyVersion(): number {
  return version;
}

export function subscribeOfflineKey(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function currentOfflineKey(): CryptoKey | null {
  return key;
}

/** No key in this page, and the server could not be asked for it. */
export function offlineKeyUnreachable(): boolean {
  return key === null && unreachable;
}

/** The key, asking the server once if this page has none; null when it cannot be had now. */
export function offlineKey(): Promise<CryptoKey | null> {
  if (key) return Promise.resolve(key);
  asking ??= (async () => {
    try {
      // Checked by hand, not with the contract's zod schema: this file is on the sign-out path,
      // which the sign-in screen loads, and zod would weigh on its first load.
      const answer = await api.get<{ key?: unknown } | null>(OFFLINE_KEY_PATH);
      if (typeof answer?.key !== 'string' || !KEY_PATTERN.test(answer.key)) return null;
      key = await importOfflineKey(answer.key);
      unreachable = false;
      changed();
      const user = readProfile();
      // In the background: the password key may still be deriving.
      if (user) void keepUnlockable(answer.key, user).catch(() => undefined);
      return key;
    } catch (error) {
      // No answer at all; a refusal (a role without offline use, a session that ended) is not that.
      if (!(error instanceof ApiError) || error.status === NETWORK_ERROR_STATUS) {
        unreachable = true;
        changed();
      }
      return null;
    } finally {
      asking = null;
    }
  })();
  return asking;
}

/** Opens the copy sealed with the password of the advisor's (`owner`, their id) last password sign-in here; false when it does not open. */
export async function unlockOfflineKey(owner: string, password: string): Promise<boolean> {
  const opened = await openWithPassword(owner, password);
  if (!opened || !KEY_PATTERN.test(opened)) return false;
  key = await importOfflineKey(opened);
  changed();
  return true;
}

/** Forgets the key (sign-out); tests set one directly. */
export function setOfflineKey(next: CryptoKey | null): void {
  key = next;
  unreachable = false;
  changed();
}
