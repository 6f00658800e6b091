import type { ScreenArea } from '@portal/domain/screens';
import type { ScreenComponents } from '../lib/screen-route';

/**
 * One lazy chunk per feature folder: the router loads an area's `screens.tsx` the first time one
 * of its screens opens. Written out (not computed) so the bundler sees every import.
 */
export const FEATURE_LOADERS: Readonly<Record<ScreenArea, () => Promise<{ screens: ScreenComponents }>>> = {
  auth: () => import('../features/auth/screens'),
  system: () => import('../features/auth/screens'),
  home: () => import('../features/dashboard/screens'),
  profile: () => import('../features/profile/screens'),
  contacts: () => import('../features/contacts/screens'),
  proposals: () => import('../features/proposals/screens'),
  applications: () => import('../features/applications/screens'),
  servicing: () => import('../features/servicing/screens'),
  recruitment: () => import('../features/recruitment/screens'),
  compliance: () => import('../features/compliance/screens'),
};

/** The feature folder of each area (the key of the build's prefetch map, vite-plugins/feature-chunk-urls.ts). */
const AREA_FOLDERS: Readonly<Record<ScreenArea, string>> = {
  auth: 'auth',
  system: 'auth',
  home: 'dashboard',
  profile: 'profile',
  contacts: 'contacts',
  proposals: 'proposals',
  applications: 'applications',
  servicing: 'servicing',
  recruitment: 'recruitment',
  compliance: 'compliance',
};

/** The id of the build's data block in index.html (vite-plugins/feature-chunk-urls.ts). */
const FEATURE_CHUNKS_ELEMENT_ID = 'feature-chunks';

let chunkUrls: Record<string, string[]> | undefined;

/** Feature folder -> built files of its chunk, from index.html; empty in dev or when unreadable. */
function featureChunkUrls(): Record<string, string[]> {
  if (chunkUrls) return chunkUrls;
  try {
    const text = document.getElementById(FEATURE_CHUNKS_ELEMENT_ID)?.textContent;
    chunkUrls = text ? (JSON.parse(text) as Record<string, string[]>) : {};
  } catch {
    chunkUrls = {};
  }
  return chunkUrls;
}

const prefetchedUrls = new Set<string>();

/**
 * Downloads an area's built files into the browser's cache before they are needed (hover, focus
 * or touch on a link to it, or when the browser is idle), so opening the screen does not wait
 * for them on 3G. Download only (`<link rel="prefetch">`, at the lowest priority): no script is
 * run until the route opens, so prefetching never takes the main thread from the screen in use.
 */
export function prefetchArea(area: ScreenArea): void {
  for (const url of featureChunkUrls()[AREA_FOLDERS[area]] ?? []) {
    if (prefetchedUrls.has(url)) continue;
    prefetchedUrls.add(url);
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    // The same request mode as import() and Vite's style sheet loading, so the cached copy is used.
    link.crossOrigin = '';
    link.addEventListener('error', () => prefetchedUrls.delete(url), { once: true });
    document.head.appendChild(link);
  }
}

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** True when the person asked to save data or the connection is 2G- or 3G-slow. */
export function connectionIsConstrained(connection: NetworkInformationLike | undefined): boolean {
  return Boolean(connection?.saveData) || /(^|-)[23]g$/.test(connection?.effectiveType ?? '');
}

/**
 * Prefetches `areas` one after another while the browser is idle, unless the connection is
 * constrained (connectionIsConstrained: then only hover, focus and touch prefetch).
 */
export function prefetchWhenIdle(areas: readonly ScreenArea[]): () => void {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (connectionIsConstrained(connection)) return () => undefined;
  const queue = [...areas];
  let handle: number | undefined;
  const idle = (callback: () => void): number =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(callback, { timeout: 5000 })
      : window.setTimeout(callback, 2000);
  const next = () => {
    const area = queue.shift();
    if (!area) return;
    prefetchArea(area);
    handle = idle(next);
  };
  handle = idle(next);
  return () => {
    queue.length = 0;
    if (handle !== undefined) {
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
    }
  };
}
