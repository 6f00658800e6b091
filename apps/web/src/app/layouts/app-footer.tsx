import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { APP_VERSION } from '@portal/domain/version';

export function AppFooter() {
  const { t } = useTranslation('common');
  return (
    <footer className="app-footer">
      <Text size="xs" c="dimmed" ta="center" data-testid="app-version">
        {t('common:version', { version: APP_VERSION })}
      </Text>
    </footer>
  );
}
