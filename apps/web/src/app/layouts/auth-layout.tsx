import { Suspense } from 'react';
import { Box, Container, Group, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/ui/page-loader';
import { IdleSessionGuard } from '../../features/auth/components/idle-session-guard';
import { AppFooter } from './app-footer';
import { AppLogo } from './app-logo';
import { LanguageSwitch } from './language-switch';

/** The frame of the sign-in screens (and the not-found page): one centred card. */
export function AuthLayout() {
  const { t } = useTranslation('common');
  return (
    <Box className="auth-layout">
      <a className="skip-link" href="#main-content">
        {t('common:skip_to_content')}
      </a>
      <Box component="header" className="auth-header">
        <Group justify="space-between" wrap="nowrap" px="md" py="sm" maw={960} mx="auto">
          <AppLogo to="/auth/signin" />
          <LanguageSwitch />
        </Group>
      </Box>
      <Container component="main" id="main-content" tabIndex={-1} size={460} px="sm" py={{ base: 'md', sm: 'xl' }} className="auth-main">
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Paper>
      </Container>
      <AppFooter />
      <IdleSessionGuard />
    </Box>
  );
}
