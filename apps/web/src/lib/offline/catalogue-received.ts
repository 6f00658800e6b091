/**
 * When this phone last received the product catalogue from the server, and its version (not
 * personal): the quote screen says which catalogue and date it quotes with, which matters when
 * the service worker answers with its kept copy because there is no network.
 */
const STORAGE_KEY = 'portal.catalogueReceived';

export interface CatalogueReceived {
  version: string;
  at: number;
}

export function noteCatalogueReceived(version: string, at = Date.now()): void {
  try {
    const previous = readCatalogueReceived();
    // A copy from the service worker's cache (offline) is not a new receipt.
    if (typeof navigator !== 'undefined' && navigator.onLine === false && previous?.version === version) return;
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ version, at } satisfies CatalogueReceived));
  } catch {
    // Storage full or disabled: the screen shows the version without a date.
  }
}

export function readCatalogueReceived(): CatalogueReceived | null {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<CatalogueReceived> | null;
    return value && typeof value.version === 'string' && typeof value.at === 'number' ? { version: value.version, at: value.at } : null;
  } catch {
    return null;
  }
}
