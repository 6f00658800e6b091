import type { ReactNode } from 'react';
import { Alert, Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlert, IconInbox } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';

/** The message of a failed call in the user's language (server key, else the system error). */
export function errorText(error: unknown): string {
  return translateErrorKey(isApiError(error) ? error.messageKey : 'system_error');
}

/** A failed load: what went wrong, and a retry. */
export function QueryError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation(['servicing', 'common', 'errors']);
  return (
    <Alert color="red" variant="light" icon={<IconAlert />} title={t('common:error_title')} role="alert">
      <Stack gap="sm" align="flex-start">
        <span>{errorText(error)}</span>
        {onRetry ? (
          <Button variant="default" size="sm" onClick={onRetry}>
            {t('common:retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

/** Grey blocks where content will be, announced once as "Loading…". */
export function LoadingBlocks({ rows = 3, height = 64 }: { rows?: number; height?: number }) {
  const { t } = useTranslation(['common']);
  return (
    <Stack gap="sm" role="status" aria-live="polite" aria-label={t('common:loading')} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height={height} radius="md" />
      ))}
    </Stack>
  );
}

/** Nothing to show: a short sentence and, optionally, what to do next. */
export function EmptyNote({ description, children }: { description: string; children?: ReactNode }) {
  const { t } = useTranslation(['common']);
  return (
    <EmptyState variant="light" size="sm" py="lg" icon={<IconInbox size={24} />} title={t('common:empty_title')} description={description}>
      {children}
    </EmptyState>
  );
}
