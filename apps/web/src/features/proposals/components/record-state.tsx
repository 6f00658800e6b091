import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';

export function RecordSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation(['common']);
  return (
    <Card withBorder padding="md" radius="md" role="status" aria-label={t('common:loading')} data-testid="proposal-loading">
      <Skeleton height={22} width="60%" mb="md" />
      <Stack gap="sm">
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} height={14} width={`${85 - (i % 3) * 15}%`} />
        ))}
      </Stack>
    </Card>
  );
}

/** 404 (not the caller's, or never there) says so and leads back to the list; anything else offers a retry. */
export function RecordError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['proposals', 'common', 'errors']);
  if (isApiError(error) && error.status === 404) {
    return (
      <Stack gap="md" align="flex-start" data-testid="proposal-not-found">
        <Alert color="yellow" variant="light" icon={<IconAlert />} w="100%">
          {t('proposals:not_found')}
        </Alert>
        <Button component={Link} to="/home/proposal/proposal-list" variant="default">
          {t('proposals:back_to_list')}
        </Button>
      </Stack>
    );
  }
  return (
    <Alert color="red" variant="light" icon={<IconAlert />} title={t('proposals:load_error')} role="alert" data-testid="proposal-error">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{translateErrorKey(isApiError(error) ? error.messageKey : 'system_error')}</Text>
        <Button size="sm" variant="light" color="red" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
