import { useMemo, type ReactNode } from 'react';
import { MantineProvider, Notification, mergeThemeOverrides } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { TOAST_DURATION_MS } from '@portal/domain/constants/ui';
import { isApiError } from '../lib/api-client';
import { Deferred } from '../lib/deferred-component';
import { i18n } from '../lib/i18n';
import { cssVariablesResolver, theme } from './theme';

/** Client errors (4xx) will not change on a retry; network trouble and 5xx may. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry, staleTime: 30_000, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/**
 * Labels Mantine draws itself (the close button of a toast, a dialog or a drawer) follow the
 * chosen language. Dialogs and drawers are named by key, not imported: the entry stays without them.
 */
function TranslatedMantineProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const closeLabel = t('common:close');
  const translatedTheme = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } }),
          Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
          Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
        },
      }),
    [closeLabel],
  );
  return (
    <MantineProvider theme={translatedTheme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}

const loadNotifications = () => import('./toast-container').then((m) => m.Notifications);

/**
 * The toasts' container, fetched once the first screen has drawn (it is not
 * needed to draw it). A toast shown before it is there waits in @mantine/notifications' store and
 * appears when it mounts.
 */
function DeferredNotifications() {
  return <Deferred load={loadNotifications} props={{ autoClose: TOAST_DURATION_MS, position: 'top-center', limit: 3 }} />;
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <TranslatedMantineProvider>
        <DeferredNotifications />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </TranslatedMantineProvider>
    </I18nextProvider>
  );
}
