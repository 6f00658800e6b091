import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { SCREENS, type Screen } from '@portal/domain/screens';
import { setSignedOutHandler } from '../lib/api-client';
import { addLocaleFiles, i18n } from '../lib/i18n';
import type { ScreenHandle } from '../lib/screen-route';
import { expiredSignInPathFor } from '../lib/session';
import { PageLoader } from '../components/ui/page-loader';
import { AREA_NAMESPACES, FEATURE_LOADERS } from './feature-loaders';
import { AuthLayout } from './layouts/auth-layout';
import { RootLayout } from './layouts/root-layout';
import { NotFoundPage } from './routes/not-found';
import { RequireAuth, requireAuthLoader } from './routes/require-auth';
import { RouteError } from './routes/route-error';
import { screenDataLoader } from './screen-data';

/** Fetches language files now; a failure shows up where a screen uses them. */
function loadNamespaces(namespaces: readonly string[]): Promise<unknown> {
  return namespaces.length > 0 ? i18n.loadNamespaces([...namespaces]).catch(() => undefined) : Promise.resolve();
}

/**
 * A SCREENS entry as a lazy route: on first visit its area's chunk, every language file its
 * screens use and the screen's first query (its loader, which React Router runs next to `lazy`)
 * are fetched side by side (not one after the other, which costs a round trip on 3G).
 */
export function screenRoute(screen: Screen): RouteObject {
  const handle: ScreenHandle = { screen };
  const loader = screenDataLoader(screen);
  return {
    path: screen.path,
    handle,
    ...(loader ? { loader } : {}),
    lazy: async () => {
      const [{ screens, locales }] = await Promise.all([FEATURE_LOADERS[screen.area](), loadNamespaces(AREA_NAMESPACES[screen.area])]);
      if (locales) addLocaleFiles(locales);
      return { Component: screens[screen.id] ?? NotFoundPage };
    },
  };
}

/**
 * Sign-in screens, the secure-link page and the customers' pages (/customer/…, no account) use
 * the auth frame; everything else the app shell.
 */
export function usesAuthLayout(screen: Screen): boolean {
  return screen.area === 'auth' || screen.area === 'system' || screen.path.startsWith('/customer/');
}

/**
 * The signed-in frame (navbar, header, user menu, idle timer) as its own chunk: the sign-in
 * screen never loads it, the signed-in screens fetch it and its `nav` and `offline` texts next to their area's chunk.
 */
export const SHELL_NAMESPACES = ['nav', 'offline'] as const;

const appShellLayout = async () => {
  const [{ AppShellLayout }] = await Promise.all([import('./layouts/app-shell-layout'), loadNamespaces(SHELL_NAMESPACES)]);
  return { Component: AppShellLayout };
};

export function buildRoutes(screens: readonly Screen[] = SCREENS): RouteObject[] {
  const authScreens = screens.filter(usesAuthLayout);
  const shellScreens = screens.filter((screen) => !usesAuthLayout(screen));
  const guarded = (children: RouteObject[]): RouteObject => ({ loader: requireAuthLoader, Component: RequireAuth, children });

  return [
    {
      Component: RootLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: PageLoader,
      children: [
        { path: '/', loader: () => redirect('/home') },
        {
          Component: AuthLayout,
          children: [
            ...authScreens.filter((screen) => !screen.requiresAuth).map(screenRoute),
            guarded(authScreens.filter((screen) => screen.requiresAuth).map(screenRoute)),
            { path: '*', Component: NotFoundPage },
          ],
        },
        guarded([
          {
            lazy: appShellLayout,
            children: [...shellScreens.filter((screen) => screen.requiresAuth).map(screenRoute)],
          },
        ]),
        ...shellScreens
          .filter((screen) => !screen.requiresAuth)
          .map((screen) => ({
            lazy: appShellLayout,
            children: [screenRoute(screen)],
          })),
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  // A session that ends during a call (refresh refused) goes to sign-in and comes back after.
  setSignedOutHandler(() => {
    const { pathname, search } = router.state.location;
    if (!pathname.startsWith('/auth/signin')) void router.navigate(expiredSignInPathFor(pathname + search), { replace: true });
  });
  return router;
}
