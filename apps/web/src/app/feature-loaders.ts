import type { ScreenArea } from '@portal/domain/screens';
import type { FeatureModule } from '../lib/screen-route';

/**
 * One lazy chunk per feature folder: the router loads an area's `screens.tsx` the first time one
 * of its screens opens. Written out (not computed) so the bundler sees every import.
 */
export const FEATURE_LOADERS: Readonly<Record<ScreenArea, () => Promise<FeatureModule>>> = {
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
  agency: () => import('../features/agency/screens'),
};

/**
 * The language files each area's screens use, fetched together with its chunk (not when a screen
 * renders and finds one missing, which costs another round trip). The auth area's chunk carries
 * its own (features/auth/locales.ts); `common` is part of the entry; the signed-in frame asks
 * for `nav` itself (router.tsx).
 */
export const AREA_NAMESPACES: Readonly<Record<ScreenArea, readonly string[]>> = {
  auth: [],
  // The secure link a candidate opens (features/auth/components/secure-link-flow.tsx) and the customer's proposal page.
  system: ['recruitment', 'proposals'],
  home: ['home', 'errors'],
  profile: ['profile', 'auth', 'validation', 'errors'],
  contacts: ['contacts', 'proposals', 'validation', 'errors'],
  proposals: ['proposals', 'validation', 'errors'],
  applications: ['applications', 'proposals', 'validation', 'errors'],
  servicing: ['servicing', 'errors'],
  recruitment: ['recruitment', 'auth', 'validation', 'errors'],
  compliance: ['compliance', 'errors'],
  agency: ['agency', 'applications', 'errors'],
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
  agency: 'agency',
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
const queue: string[] = [];
let scheduled = false;

/** Starting a request costs the main thread about a millisecond on a phone: a few per idle slice. */
const SLICE_MS = 8;

function whenIdle(callback: (deadline?: IdleDeadline) => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(callback, { timeout: 5000 });
  else window.setTimeout(callback, 50);
}

function addPrefetchLink(url: string): void {
  const link = document.createElement('link');
  link.rel = 'prefetch';
  link.href = url;
  // The same request mode as import() and Vite's style sheet links, so the cached copy is used.
  link.crossOrigin = '';
  link.addEventListener('error', () => prefetchedUrls.delete(url), { once: true });
  document.head.appendChild(link);
}

function drain(deadline?: IdleDeadline): void {
  scheduled = false;
  const end = performance.now() + Math.min(SLICE_MS, deadline ? deadline.timeRemaining() : SLICE_MS);
  do {
    const url = queue.shift();
    if (url === undefined) return;
    addPrefetchLink(url);
  } while (performance.now() < end);
  schedule();
}

function schedule(): void {
  if (scheduled || queue.length === 0) return;
  scheduled = true;
  whenIdle(drain);
}

/**
 * Downloads an area's built files into the browser's cache before they are needed (hover, focus
 * or touch on a link to it, or when the browser is idle), so opening the screen does not wait
 * for them on 3G. Download only (`<link rel="prefetch">`, at the lowest network priority): no
 * script runs until the route opens. The links are added a few at a time while the browser is
 * idle, so prefetching never holds the main thread; an area asked for by hover, focus or touch
 * (`soon`) goes ahead of the idle queue.
 */
export function prefetchArea(area: ScreenArea, { soon = true }: { soon?: boolean } = {}): void {
  const urls = (featureChunkUrls()[AREA_FOLDERS[area]] ?? []).filter((url) => !prefetchedUrls.has(url));
  for (const url of urls) prefetchedUrls.add(url);
  if (soon) queue.unshift(...urls);
  else queue.push(...urls);
  schedule();
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
 * Prefetches `areas` while the browser is idle, unless the connection is constrained
 * (connectionIsConstrained: then only hover, focus and touch prefetch). The returned function
 * drops what is still queued.
 */
export function prefetchWhenIdle(areas: readonly ScreenArea[]): () => void {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (connectionIsConstrained(connection)) return () => undefined;
  for (const area of areas) prefetchArea(area, { soon: false });
  return () => {
    for (const url of queue.splice(0)) prefetchedUrls.delete(url);
  };
}
