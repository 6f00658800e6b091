import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { SCREENS } from '@portal/domain/screens';
import { FEATURE_LOADERS } from '../src/app/feature-loaders';
import { buildRoutes } from '../src/app/router';
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
