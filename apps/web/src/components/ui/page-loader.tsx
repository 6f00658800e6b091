import { Skeleton, Stack } from '@mantine/core';
import { i18n } from '../../lib/i18n';

/**
 * Shown while a screen's code or language file loads: the outline of a page (a title and a few
 * lines) instead of a spinner, so the screen does not jump when it arrives (skeletons,
 * no layout shift). It reads the text without a hook, because it is itself the Suspense fallback
 * and must never suspend.
 */
export function PageLoader() {
  const label = i18n.exists('common:loading') ? i18n.t('common:loading') : undefined;
  return (
    <Stack gap="sm" py="md" role="status" aria-live="polite" aria-busy="true" aria-label={label} data-testid="page-loader">
      <Skeleton height={28} width="45%" radius="sm" />
      <Skeleton height={14} width="80%" radius="sm" />
      <Skeleton height={14} width="65%" radius="sm" />
      <Skeleton height={96} radius="md" mt="sm" />
    </Stack>
  );
}
