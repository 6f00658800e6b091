import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

/** Names the service worker and the app agree on (src/lib/offline/offline-sync.ts, erase-offline-data.ts). */
export const SW_NAMES = {
  shellCachePrefix: 'portal-shell-',
  catalogueCache: 'portal-catalogue',
  syncTag: 'portal-outbox',
  flushMessage: 'portal-outbox-flush',
  /** The one API answer kept offline: the product catalogue (no personal data). */
  cataloguePath: '/api/product/v1/',
} as const;

/** Files of the web root (public/) the installed app needs. */
const PUBLIC_FILES = ['/index.html', '/manifest.webmanifest', '/favicon.svg', '/icons/icon-192.png', '/icons/icon-512.png'];

/**
 * The service worker's source. Precaches the app shell (every built file: each screen's JS and
 * CSS, the fonts), both languages' locale files and the icons; answers those from the cache; a
 * page navigation goes to the network and falls back to the cached index.html. Of the API it
 * keeps only the product catalogue (network first, the last answer when offline); no other API
 * answer is stored, so nothing personal lands in Cache Storage. Background Sync wakes the open
 * pages to send what waits (only a page has the key to read it).
 */
export function serviceWorkerSource(precache: readonly string[], version: string): string {
  const shell = `${SW_NAMES.shellCachePrefix}${version}`;
  return `/* Advisor Portal service worker (built by vite-plugins/service-worker.ts) */
const SHELL = ${JSON.stringify(shell)};
const SHELL_PREFIX = ${JSON.stringify(SW_NAMES.shellCachePrefix)};
const CATALOGUE = ${JSON.stringify(SW_NAMES.catalogueCache)};
const CATALOGUE_PATH = ${JSON.stringify(SW_NAMES.cataloguePath)};
const SYNC_TAG = ${JSON.stringify(SW_NAMES.syncTag)};
const FLUSH_MESSAGE = ${JSON.stringify(SW_NAMES.flushMessage)};
const PRECACHE = ${JSON.stringify(precache)};

self.addEventListener('install', (event) => {
  // The API, but for the catalogue, goes straight to the network without waking this worker
  // (browsers with static routes): a step save sent with keepalive as the page closes then
  // never waits on a worker that is starting or busy installing.
  if (typeof event.addRoutes === 'function') {
    try {
      event
        .addRoutes([
          { condition: { urlPattern: { pathname: CATALOGUE_PATH } }, source: 'fetch-event' },
          { condition: { urlPattern: { pathname: '/api/*' } }, source: 'network' },
        ])
        .catch(() => undefined);
    } catch {
      // Routes this browser does not understand: every request goes to the fetch handler below.
    }
  }
  event.waitUntil(caches.open(SHELL).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith(SHELL_PREFIX) && key !== SHELL).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

async function catalogue(request) {
  const cache = await caches.open(CATALOGUE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request.url, response.clone());
    return response;
  } catch (error) {
    const kept = await cache.match(request.url);
    if (kept) return kept;
    throw error;
  }
}

async function fromShell(request) {
  const kept = await caches.match(request, { cacheName: SHELL });
  return kept || fetch(request);
}

async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match('/index.html', { cacheName: SHELL });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === CATALOGUE_PATH) {
    event.respondWith(catalogue(request));
    return;
  }
  if (url.pathname.startsWith('/api/')) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(request));
    return;
  }
  event.respondWith(fromShell(request));
});

self.addEventListener('sync', (event) => {
  if (event.tag !== SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window' }).then((clients) => {
      for (const client of clients) client.postMessage({ type: FLUSH_MESSAGE });
    }),
  );
});
`;
}

/**
 * Writes /sw.js into the build: its precache list is every file of the bundle (not the build
 * manifest), the web root's files and `/locales/<namespace>.<version>.json` of every language
 * file. Its version is a hash of that list, so a new build installs a new cache and drops the old.
 */
export function serviceWorker(localeVersions: () => Record<string, string>): Plugin {
  return {
    name: 'portal-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const built = Object.keys(bundle)
        .filter((file) => !file.startsWith('.vite/') && file !== 'index.html')
        .map((file) => `/${file}`);
      const locales = Object.entries(localeVersions()).map(([namespace, version]) => `/locales/${namespace}.${version}.json`);
      const precache = [...PUBLIC_FILES, ...built.sort(), ...locales.sort()];
      const version = createHash('sha256').update(JSON.stringify(precache)).digest('hex').slice(0, 12);
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: serviceWorkerSource(precache, version) });
    },
  };
}
