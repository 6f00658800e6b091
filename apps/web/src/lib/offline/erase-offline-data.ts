import { clearStore, deleteOfflineDb, RECENT_STORE } from './offline-db';
import { setOfflineKey } from './offline-key';
import { forgetPendingUnlock } from './password-unlock';

/** The service worker's cache of the product catalogue (sw-src/sw.ts). */
export const CATALOGUE_CACHE = 'portal-catalogue';

/**
 * Sign-out: forgets the key and deletes what was kept offline for the advisor (the recent
 * contacts, the key sealed with their password, and the catalogue copy). The menu's sign-out deletes the items not sent too (the menu
 * asks first when there are any); the idle sign-out keeps them, sealed with a key that only the
 * server gives, and only to their owner: they are sent after the owner's next sign-in.
 */
export async function eraseOfflineData(options: { keepUnsent?: boolean } = {}): Promise<void> {
  setOfflineKey(null);
  forgetPendingUnlock();
  await Promise.all([
    options.keepUnsent ? clearStore(RECENT_STORE).catch(() => deleteOfflineDb()) : deleteOfflineDb(),
    typeof caches === 'undefined'
      ? Promise.resolve()
      : caches.delete(CATALOGUE_CACHE).then(
          () => undefined,
          () => undefined,
        ),
  ]);
}
