import { getOne, put, RECENT_STORE } from './offline-db';

/**
 * When this phone last received the product catalogue from the server, and its version (not
 * personal, kept in the offline store's `recent` object store in the clear): the quote screen
 * says which catalogue and date it quotes with, which matters when the service worker answers
 * with its kept copy because there is no network.
 */
export interface CatalogueReceived {
  version: string;
  at: number;
}

interface CatalogueRecord extends CatalogueReceived {
  id: 'catalogue';
}

export async function noteCatalogueReceived(version: string, at = Date.now()): Promise<void> {
  const previous = await readCatalogueReceived();
  // The service worker's kept copy (offline) is not a new receipt.
  if (typeof navigator !== 'undefined' && navigator.onLine === false && previous?.version === version) return;
  await put(RECENT_STORE, { id: 'catalogue', version, at } satisfies CatalogueRecord);
}

export async function readCatalogueReceived(): Promise<CatalogueReceived | null> {
  const record = await getOne<CatalogueRecord>(RECENT_STORE, 'catalogue').catch(() => undefined);
  return record ? { version: record.version, at: record.at } : null;
}
