import { api } from '../api-client';
import { importOfflineKey } from './offline-crypto';

/**
 * The offline store's key, held in this page's memory only (never in IndexedDB, localStorage or
 * the service worker). Asked from the server when the page first needs it; a page opened without
 * network has none until the network returns: it still counts what waits to be sent, but cannot
 * read or add personal data.
 */
const OFFLINE_KEY_PATH = '/api/offline/v1/key';
/** 32 bytes in base64url (the contract: @portal/domain/contracts/offline/offline-key). */
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

let key: CryptoKey | null = null;
let asking: Promise<CryptoKey | null> | null = null;

export function currentOfflineKey(): CryptoKey | null {
  return key;
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
      return key;
    } catch {
      return null;
    } finally {
      asking = null;
    }
  })();
  return asking;
}

/** Forgets the key (sign-out); tests set one directly. */
export function setOfflineKey(next: CryptoKey | null): void {
  key = next;
}
