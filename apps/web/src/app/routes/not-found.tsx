import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconCompass } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';

/** Any path that is not a screen. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  return (
    <Stack gap="md" data-testid="not-found">
      <ThemeIcon variant="light" size={48} radius="xl">
        <IconCompass size={26} />
      </ThemeIcon>
      <PageHeader titleKey="common:not_found_title" mb={0} />
      <Text>{t('common:not_found_text')}</Text>
      <Button component={Link} to="/home" fullWidth>
        {t('common:go_home')}
      </Button>
    </Stack>
  );
}
