import { Suspense, type ReactElement, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { userEvent, type UserEvent } from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { NAMESPACES } from '@portal/i18n/locale-file';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { cssVariablesResolver, theme } from '../app/theme';
import { i18n, initI18n } from '../lib/i18n';

let ready: Promise<unknown> | null = null;

/**
 * The app's own i18next instance, in English, with the real language files (served by the fetch
 * stand-in from packages/i18n), every namespace loaded so a test can say `i18n.t(key)` for the
 * text it expects. Once per test file, after the fetch stand-in is in place.
 */
export function setUpI18n(): Promise<unknown> {
  ready ??= initI18n().then(() => i18n.loadNamespaces([...NAMESPACES]));
  return ready;
}

/** A QueryClient as the app's (no retries of 4xx) without retries at all, so a failure shows at once. */
export function testQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

/** Mantine, i18n and TanStack Query around `children`, as AppProviders sets them up. */
export function Providers({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>{children}</Suspense>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}

/** Where a navigation away from the screen under test landed. */
function Landed() {
  const location = useLocation();
  return <p data-testid="landed">{`${location.pathname}${location.search}`}</p>;
}

export interface RenderScreenOptions {
  /** The route pattern the screen is mounted at (default `/`). */
  route?: string;
  /** The address it opens on (default `route`). */
  at?: string;
  queryClient?: QueryClient;
  /** userEvent options, e.g. `{ advanceTimers }` under fake timers. */
  user?: Parameters<typeof userEvent.setup>[0];
}

export interface RenderedScreen extends RenderResult {
  user: UserEvent;
  router: ReturnType<typeof createMemoryRouter>;
  queryClient: QueryClient;
}

/**
 * Renders a screen as the app does: providers, a memory router with the screen at `route` and
 * every other address showing where it landed (`landed` test id).
 */
export async function renderScreen(ui: ReactElement, options: RenderScreenOptions = {}): Promise<RenderedScreen> {
  await setUpI18n();
  const route = options.route ?? '/';
  const queryClient = options.queryClient ?? testQueryClient();
  const router = createMemoryRouter(
    [
      { path: route, element: ui },
      { path: '*', element: <Landed /> },
    ],
    { initialEntries: [options.at ?? route] },
  );
  const user = userEvent.setup(options.user);
  const view = render(
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, user, router, queryClient };
}
