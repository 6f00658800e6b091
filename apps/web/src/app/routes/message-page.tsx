import type { ReactNode } from 'react';
import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/ui/page-header';

/** A page that only says why the screen asked for cannot be shown, with the way home. */
export function MessagePage({ icon, titleKey, textKey, testId }: { icon: ReactNode; titleKey: string; textKey: string; testId: string }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md" data-testid={testId}>
      <ThemeIcon variant="light" size={48} radius="xl">
        {icon}
      </ThemeIcon>
      <PageHeader titleKey={titleKey} mb={0} />
      <Text>{t(textKey)}</Text>
      <Button component={Link} to="/home" fullWidth>
        {t('common:go_home')}
      </Button>
    </Stack>
  );
}
