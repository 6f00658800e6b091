import { Suspense } from 'react';
import { Button, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { IconAlert } from '../../components/ui/icons';
import { PageLoader } from '../../components/ui/page-loader';

function RouteErrorContent() {
  const { t } = useTranslation('common');
  const error = useRouteError();
  // A chunk that cannot be fetched (offline, or a new release replaced it) needs a reload.
  const loadFailed = error instanceof TypeError || (error instanceof Error && /import|chunk|fetch/i.test(error.message));
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={460} w="100%" component="main" role="alert">
        <Stack gap="md" align="flex-start">
          <ThemeIcon color="red" variant="light" size={48} radius="xl">
            <IconAlert size={26} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {t('common:error_title')}
          </Title>
          <Text>{loadFailed ? t('common:error_load_page') : t('common:error_generic')}</Text>
          <Button onClick={() => window.location.reload()}>{t('common:reload')}</Button>
        </Stack>
      </Paper>
    </Center>
  );
}

/** The last line of defence: a route that failed to load or render. */
export function RouteError() {
  return (
    <Suspense fallback={<PageLoader />}>
      <RouteErrorContent />
    </Suspense>
  );
}
