import { deleteOfflineDb } from './offline-db';
import { setOfflineKey } from './offline-key';

/** The service worker's cache of the product catalogue (sw-src/sw.ts). */
export const CATALOGUE_CACHE = 'portal-catalogue';

/**
 * Sign-out (the menu's, or the idle limit's): forgets the key and deletes everything kept
 * offline for the advisor (recent contacts, items not sent, the catalogue copy).
 */
export async function eraseOfflineData(): Promise<void> {
  setOfflineKey(null);
  await Promise.all([
    deleteOfflineDb(),
    typeof caches === 'undefined'
      ? Promise.resolve()
      : caches.delete(CATALOGUE_CACHE).then(
          () => undefined,
          () => undefined,
        ),
  ]);
}
