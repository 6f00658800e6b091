import { Alert, Button, Card, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconAlert } from '../../../components/ui/icons';
import { apiErrorText, isNotFound } from '../hooks/form-errors';

/** Grey bars where a record's fields will appear. */
export function RecordSkeleton({ rows = 6 }: { rows?: number }) {
  const { t } = useTranslation(['common']);
  return (
    <Card withBorder padding="md" radius="md" role="status" aria-label={t('common:loading')} data-testid="record-loading">
      <Skeleton height={22} width="60%" mb="md" />
      <Stack gap="sm">
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} height={14} width={`${85 - (index % 3) * 15}%`} />
        ))}
      </Stack>
    </Card>
  );
}

/** The record is not there (or not the caller's): say so and lead back to the list. */
export function RecordNotFound({ messageKey }: { messageKey: string }) {
  const { t } = useTranslation(['contacts']);
  return (
    <Stack gap="md" align="flex-start" data-testid="record-not-found">
      <Alert color="yellow" variant="light" icon={<IconAlert />} w="100%">
        {t(messageKey)}
      </Alert>
      <Button component={Link} to="/home/contact" variant="default">
        {t('contacts:back_to_list')}
      </Button>
    </Stack>
  );
}

/**
 * A record that could not be read: 404 (not the caller's, removed, or never there) says so and
 * leads back to the list; anything else offers a retry.
 */
export function RecordError({ error, onRetry, notFoundKey }: { error: unknown; onRetry: () => void; notFoundKey: string }) {
  const { t } = useTranslation(['contacts', 'common', 'errors']);
  if (isNotFound(error)) return <RecordNotFound messageKey={notFoundKey} />;
  return (
    <Alert color="red" variant="light" icon={<IconAlert />} title={t('contacts:load_error')} role="alert" data-testid="record-error">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{apiErrorText(error)}</Text>
        <Button size="sm" variant="light" color="red" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
