import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The mark and name; a link to the dashboard. */
export function AppLogo({ to = '/home' }: { to?: string }) {
  const { t } = useTranslation('common');
  return (
    <Anchor component={Link} to={to} underline="never" className="app-logo">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <Text component="span" fw={700} size="md" truncate="end" c="brand.9">
        {t('common:app_name')}
      </Text>
    </Anchor>
  );
}
