import { Center, Loader } from '@mantine/core';
import { i18n } from '../../lib/i18n';

/**
 * Shown while a screen's code or language file loads. It reads the text without a hook, because
 * it is itself the Suspense fallback and must never suspend.
 */
export function PageLoader() {
  const label = i18n.exists('common:loading') ? i18n.t('common:loading') : undefined;
  return (
    <Center py="xl" role="status" aria-live="polite" aria-label={label}>
      <Loader size="md" />
    </Center>
  );
}
