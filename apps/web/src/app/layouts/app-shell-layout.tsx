import { Suspense, useEffect } from 'react';
import { Alert, AppShell, Box, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { canUseScreen } from '@portal/domain/screen-access';
import { IconWifiOff } from '../../components/ui/icons';
import { IdleSessionGuard } from '../../features/auth/components/idle-session-guard';
import { PageLoader } from '../../components/ui/page-loader';
import { Deferred } from '../../lib/deferred-component';
import { useOffline } from '../../lib/network-status';
import { useCurrentScreen } from '../../lib/screen-route';
import { useRoles } from '../../lib/session';
import { NotForYourRolePage } from '../routes/not-for-your-role';
import { AppFooter } from './app-footer';
import { AppLogo } from './app-logo';
import { AppNavbar } from './app-navbar';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

const loadOfflineStatus = () => import('./offline-status').then((m) => m.OfflineStatus);
const loadOfflineUnlock = () => import('./offline-unlock').then((m) => m.OfflineUnlock);

/**
 * The signed-in frame for /home/**: header, section navigation (a drawer on phones), footer. A
 * screen the user's roles may not use (a typed or old URL) is not mounted, so it calls nothing:
 * the frame shows "not available for your role" in its place.
 */
export function AppShellLayout() {
  const { t } = useTranslation(['common', 'nav']);
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const offline = useOffline();
  const screen = useCurrentScreen();
  const roles = useRoles();
  const usable = screen === undefined || canUseScreen(screen, roles);

  useEffect(() => {
    close();
  }, [pathname, close]);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding={{ base: 'sm', sm: 'lg' }}
    >
      <a className="skip-link" href="#main-content">
        {t('common:skip_to_content')}
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} gap="xs" wrap="nowrap" justify="space-between">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? t('common:menu_close') : t('common:menu_open')}
              aria-expanded={opened}
              aria-controls="app-navbar"
            />
            <AppLogo />
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Deferred load={loadOfflineStatus} props={{}} />
            <LanguageSwitch />
            <UserMenu />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" p="sm" aria-label={t('common:main_navigation')}>
        <AppNavbar />
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} className="app-main">
        <Box className="app-main-body">
          {offline ? (
            <Alert color="yellow" variant="light" icon={<IconWifiOff />} mb="md" role="status">
              {t('common:offline')}
              <Deferred load={loadOfflineUnlock} needed props={{}} />
            </Alert>
          ) : null}
          <Suspense fallback={<PageLoader />}>{usable ? <Outlet /> : <NotForYourRolePage />}</Suspense>
        </Box>
        <AppFooter />
      </AppShell.Main>
      <IdleSessionGuard />
    </AppShell>
  );
}
