import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';

export function errorText(error: unknown): string {
  return translateErrorKey(isApiError(error) ? error.messageKey : 'system_error');
}

export function PipelineLoading() {
  const { t } = useTranslation(['common']);
  return (
    <Stack gap="sm" role="status" aria-live="polite" aria-label={t('common:loading')} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={96} radius="md" />
      ))}
    </Stack>
  );
}

export function PipelineError({ titleKey, error, onRetry }: { titleKey: string; error: unknown; onRetry: () => void }) {
  const { t } = useTranslation(['agency', 'common']);
  return (
    <Alert color="red" variant="light" title={t(titleKey)} role="alert">
      <Stack gap="sm" align="flex-start">
        <span>{errorText(error)}</span>
        <Button variant="default" size="sm" onClick={onRetry}>
          {t('common:retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
