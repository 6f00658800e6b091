import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import type { ScreenArea } from '@portal/domain/screens';
import { SCREENS } from '@portal/domain/screens';
import { NAMESPACES } from '@portal/i18n/locale-file';
import { AREA_NAMESPACES, FEATURE_LOADERS } from '../src/app/feature-loaders';
import { buildRoutes, SHELL_NAMESPACES, usesAuthLayout } from '../src/app/router';
import { namespaceOf } from '../src/lib/screen-route';
import { requireAuthLoader } from '../src/app/routes/require-auth';

interface FlatRoute {
  path: string;
  guarded: boolean;
}

function flatten(routes: RouteObject[], guarded = false): FlatRoute[] {
  return routes.flatMap((route) => {
    const isGuarded = guarded || route.loader === requireAuthLoader;
    const own = route.path ? [{ path: route.path, guarded: isGuarded }] : [];
    return [...own, ...flatten(route.children ?? [], isGuarded)];
  });
}

describe('router', () => {
  const routes = flatten(buildRoutes());

  it('has one route per screen, guarded exactly when the screen requires sign-in', () => {
    for (const screen of SCREENS) {
      const matching = routes.filter((route) => route.path === screen.path);
      expect(matching, screen.path).toHaveLength(1);
      expect(matching[0]?.guarded, screen.path).toBe(screen.requiresAuth);
    }
  });

  it('has a not-found route', () => {
    expect(routes.some((route) => route.path === '*' && !route.guarded)).toBe(true);
  });

  it('finds a component for every screen in its feature chunk, and nothing extra', async () => {
    for (const screen of SCREENS) {
      const { screens } = await FEATURE_LOADERS[screen.area]();
      expect(typeof screens[screen.id], screen.id).toBe('function');
    }
    const loaders = [...new Set(Object.values(FEATURE_LOADERS))];
    const ids = new Set(SCREENS.map((screen) => screen.id));
    for (const load of loaders) {
      const { screens } = await load();
      expect(Object.keys(screens).filter((id) => !ids.has(id))).toEqual([]);
    }
    // The first import of every feature chunk transforms most of the web app: seconds on a busy
    // 2-core CI machine (5 s timed out there).
  }, 60_000);
});

/** The feature folder of each area (the chunk FEATURE_LOADERS imports). */
const AREA_FOLDERS: Record<ScreenArea, string> = {
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

function sourcesOf(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesOf(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [readFileSync(path, 'utf8')] : [];
  });
}

/** The namespaces a feature folder's code translates with: `useTranslation([...])`, `'ns:key'`, the run-time key helpers. */
function namespacesUsedIn(folder: string): Set<string> {
  const used = new Set<string>();
  const known = new Set<string>(NAMESPACES);
  for (const source of sourcesOf(join(import.meta.dirname, '../src/features', folder))) {
    for (const [, list] of source.matchAll(/useTranslation\(\[([^\]]*)\]/g)) {
      for (const [, ns] of (list ?? '').matchAll(/'([a-z]+)'/g)) if (ns && known.has(ns)) used.add(ns);
    }
    for (const [, ns] of source.matchAll(/'([a-z]+):[A-Za-z0-9_.]+'/g)) if (ns && known.has(ns)) used.add(ns);
    if (source.includes('translateErrorKey(')) used.add('errors');
    if (source.includes('translateFormError(')) used.add('validation');
  }
  return used;
}

describe('language files of a screen', () => {
  it("are all there when an area's chunk is: fetched with it, carried in it, or part of the entry", async () => {
    // Areas that share a folder (auth, system) share its code: a namespace one of them makes ready counts.
    const ready = new Map<string, Set<string>>();
    for (const area of Object.keys(AREA_FOLDERS) as ScreenArea[]) {
      const { locales } = await FEATURE_LOADERS[area]();
      const shell = SCREENS.some((screen) => screen.area === area && !usesAuthLayout(screen));
      const folder = ready.get(AREA_FOLDERS[area]) ?? new Set(['common']);
      for (const ns of [...AREA_NAMESPACES[area], ...Object.keys(locales ?? {}), ...(shell ? SHELL_NAMESPACES : [])]) folder.add(ns);
      ready.set(AREA_FOLDERS[area], folder);
    }
    for (const screen of SCREENS) {
      expect(ready.get(AREA_FOLDERS[screen.area])?.has(namespaceOf(screen.titleKey)), `${screen.id}: the title's namespace`).toBe(true);
    }
    for (const [folder, namespaces] of ready) {
      const used = namespacesUsedIn(folder);
      expect(used.size, folder).toBeGreaterThan(0);
      expect(
        [...used].filter((ns) => !namespaces.has(ns)),
        `features/${folder}: used but neither fetched with the chunk nor carried in it`,
      ).toEqual([]);
    }
  }, 60_000);

  it('are carried by the sign-in chunk, which asks for none', async () => {
    const { locales } = await FEATURE_LOADERS.auth();
    expect(Object.keys(locales ?? {}).sort()).toEqual(['auth', 'errors', 'validation']);
    expect(AREA_NAMESPACES.auth).toEqual([]);
  }, 60_000);
});

describe('SCREENS', () => {
  it('has unique ids and paths, and a visit URL that matches its path', () => {
    expect(new Set(SCREENS.map((s) => s.id)).size).toBe(SCREENS.length);
    expect(new Set(SCREENS.map((s) => s.path)).size).toBe(SCREENS.length);
    for (const screen of SCREENS) {
      const pattern = new RegExp(`^${screen.path.replace(/:[A-Za-z]+/g, '[^/?]+')}(\\?.*)?$`);
      expect(screen.visit, screen.id).toMatch(pattern);
      expect(screen.requiresAuth, screen.id).toBe(screen.path.startsWith('/home') || screen.id === 'register-biometric');
    }
  });
});
