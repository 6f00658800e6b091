import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';

export function errorText(error: unknown): string {
  return translateErrorKey(isApiError(error) ? error.messageKey : 'system_error');
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['compliance', 'common', 'errors']);
  return (
    <Alert color="red" variant="light" icon={<IconAlert />} title={t('compliance:load_error')} role="alert">
      <Stack gap="sm" align="flex-start">
        <span>{errorText(error)}</span>
        <Button variant="default" size="sm" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

export function Loading({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation(['common']);
  return (
    <Stack gap="sm" role="status" aria-live="polite" aria-label={t('common:loading')} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={72} radius="md" />
      ))}
    </Stack>
  );
}
