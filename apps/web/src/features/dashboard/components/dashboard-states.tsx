import { Alert, Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlert, IconInbox } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';

/**
 * The figure groups' place while they load: taller than a phone's screen (the groups are, at
 * 360 px about 2,400 px in all), so the shortcuts below stay out of sight instead of being shown
 * and then pushed away (no layout shift).
 */
export function DashboardLoading() {
  const { t } = useTranslation(['common']);
  return (
    <Stack gap="sm" role="status" aria-live="polite" aria-label={t('common:loading')} aria-busy="true">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} height={240} radius="md" />
      ))}
    </Stack>
  );
}

export function DashboardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['home', 'common', 'errors']);
  return (
    <Alert color="red" variant="light" icon={<IconAlert />} title={t('home:figures_error')} role="alert">
      <Stack gap="sm" align="flex-start">
        <span>{translateErrorKey(isApiError(error) ? error.messageKey : 'system_error')}</span>
        <Button variant="default" size="sm" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

export function NoFigures() {
  const { t } = useTranslation(['home', 'common']);
  return (
    <EmptyState
      variant="light"
      py="lg"
      icon={<IconInbox size={28} />}
      title={t('common:empty_title')}
      description={t('home:figures_empty')}
    />
  );
}
