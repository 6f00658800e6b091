import { OFFLINE_KEY_PATH, offlineKeyResponseSchema } from '@portal/domain/contracts/offline/offline-key';
import { api } from '../api-client';
import { importOfflineKey } from './offline-crypto';

/**
 * The offline store's key, held in this page's memory only (never in IndexedDB, localStorage or
 * the service worker). Asked from the server when the page first needs it; a page opened without
 * network has none until the network returns: it still counts what waits to be sent, but cannot
 * read or add personal data.
 */
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
      const answer = offlineKeyResponseSchema.parse(await api.get<unknown>(OFFLINE_KEY_PATH));
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
