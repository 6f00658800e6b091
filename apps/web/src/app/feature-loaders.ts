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
};

const prefetched = new Set<ScreenArea>();

/**
 * Starts loading an area's chunk before it is needed (hover, focus or touch on a link to it, or
 * when the browser is idle), so opening the screen does not wait for it on 3G. Once per area;
 * a failed fetch is forgotten (the route loads it again when it opens).
 */
export function prefetchArea(area: ScreenArea): void {
  if (prefetched.has(area)) return;
  prefetched.add(area);
  FEATURE_LOADERS[area]().catch(() => prefetched.delete(area));
}

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * Prefetches `areas` one after another while the browser is idle, unless the person asked to
 * save data or the connection is 2G-slow (then only hover, focus and touch prefetch).
 */
export function prefetchWhenIdle(areas: readonly ScreenArea[]): () => void {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? '')) return () => undefined;
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
