// No sensitive data kept in the browser other than the tokens. Any spec can call
//   await expectNothingSensitiveStored(page, 'after step 3', [person.idNumber, person.phone]);
// after each step (the application wizard will, after each of its steps).
import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '@portal/domain/codes/storage-keys';
import { expect } from './fixtures';

export interface BrowserStorage {
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
  /** `database/store` -> every record, as JSON. */
  indexedDb: Record<string, string[]>;
  /**
   * Cache Storage (the service worker's caches): `cache name URL` -> the answer's text, for every
   * entry but the app's own files (hashed assets, icons, fonts), which hold no one's data.
   */
  cacheStorage: Record<string, string>;
}

/** Everything the page's origin keeps: both web storages and every IndexedDB record. */
export async function readBrowserStorage(page: Page): Promise<BrowserStorage> {
  return page.evaluate(async () => {
    const dump = (s: Storage) =>
      Object.fromEntries(Array.from({ length: s.length }, (_, i) => s.key(i) as string).map((k) => [k, s.getItem(k) ?? '']));
    const indexedDb: Record<string, string[]> = {};
    const databases = typeof indexedDB.databases === 'function' ? await indexedDB.databases() : [];
    for (const info of databases) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(info.name as string);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      for (const store of Array.from(db.objectStoreNames)) {
        indexedDb[`${info.name}/${store}`] = await new Promise<string[]>((resolve, reject) => {
          const all = db.transaction(store, 'readonly').objectStore(store).getAll();
          all.onsuccess = () => resolve((all.result as unknown[]).map((r) => JSON.stringify(r)));
          all.onerror = () => reject(all.error);
        });
      }
      db.close();
    }
    const cacheStorage: Record<string, string> = {};
    for (const name of typeof caches === 'undefined' ? [] : await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (/\/assets\/|\.(png|svg|woff2?)$/.test(new URL(request.url).pathname)) continue;
        const response = await cache.match(request);
        cacheStorage[`${name} ${request.url}`] = response ? await response.text() : '';
      }
    }
    return { localStorage: dump(window.localStorage), sessionStorage: dump(window.sessionStorage), indexedDb, cacheStorage };
  });
}

/** Keys spec §3 lets the client keep (packages/domain/src/codes/storage-keys.ts). */
const ALLOWED_LOCAL_KEYS = new Set<string>(Object.values(STORAGE_KEYS));
/** The idle timer's own keys (apps/web/src/lib/idle-timer.ts): numbers only, shared between tabs. */
const NUMERIC_KEYS = new Set([
  'portal.lastActivity',
  'portal.lastKeepAlive',
  'portal.idleTimeoutSeconds',
  'portal.idleWarningSeconds',
  'portal.keepAliveSeconds',
]);
const TOKEN_KEY = STORAGE_KEYS.token;
const JWT = /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/;
const SENSITIVE_KEY = /pass(word)?|otp|secret|pin|cvv|card|national|idNumber|health|medical/i;

/** What is wrong with what the browser keeps; `sensitive` are this step's personal values (names, phone, ID...). */
export function storageProblems(storage: BrowserStorage, sensitive: readonly string[]): string[] {
  const problems: string[] = [];
  const entries: [string, string][] = [
    ...Object.entries(storage.localStorage).map(([k, v]) => [`localStorage.${k}`, v] as [string, string]),
    ...Object.entries(storage.sessionStorage).map(([k, v]) => [`sessionStorage.${k}`, v] as [string, string]),
    ...Object.entries(storage.indexedDb).flatMap(([store, records]) =>
      records.map((r, i) => [`indexedDB ${store}[${i}]`, r] as [string, string]),
    ),
    ...Object.entries(storage.cacheStorage).map(([entry, body]) => [`Cache Storage ${entry}`, body] as [string, string]),
  ];
  // The service worker keeps no API answer but the product catalogue (no personal data).
  for (const entry of Object.keys(storage.cacheStorage)) {
    const path = new URL(entry.slice(entry.indexOf(' ') + 1)).pathname;
    if (path.startsWith('/api/') && path !== '/api/product/v1/')
      problems.push(`Cache Storage ${entry}: an API answer other than the catalogue`);
  }
  for (const [key, value] of Object.entries(storage.localStorage)) {
    if (NUMERIC_KEYS.has(key)) {
      if (!/^\d+(\.\d+)?$/.test(value)) problems.push(`localStorage.${key}: not a number`);
    } else if (!ALLOWED_LOCAL_KEYS.has(key)) problems.push(`localStorage.${key}: not a key spec §3 allows`);
  }
  for (const [where, value] of entries) {
    if (SENSITIVE_KEY.test(where.split('.').pop() ?? '')) problems.push(`${where}: a sensitive-looking key`);
    if (where !== `localStorage.${TOKEN_KEY}` && JWT.test(value)) problems.push(`${where}: holds a token outside the token key`);
    for (const s of sensitive) {
      if (s.length >= 3 && value.includes(s)) problems.push(`${where}: holds ${JSON.stringify(s)}`);
    }
  }
  return problems;
}

export async function expectNothingSensitiveStored(page: Page, step: string, sensitive: readonly string[]): Promise<void> {
  const storage = await readBrowserStorage(page);
  expect(storageProblems(storage, sensitive), `browser storage ${step}: ${JSON.stringify(storage).slice(0, 600)}`).toEqual([]);
}
