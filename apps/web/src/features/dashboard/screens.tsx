import { Card, EmptyState, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AREA_LINKS } from '../../components/ui/area-links';
import { IconInbox } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session';
import type { ScreenComponents } from '../../lib/screen-route';

/** The dashboard: a greeting, shortcuts to each section, and the summary's empty state. */
function DashboardScreen() {
  const { t } = useTranslation(['home', 'nav', 'common']);
  const { user } = useSession();
  const shortcuts = AREA_LINKS.filter((link) => link.area !== 'home' && link.area !== 'profile');
  return (
    <>
      <PageHeader titleKey="home:title" subtitle={user ? t('home:welcome', { name: user.displayName || user.username }) : undefined} />
      <section aria-labelledby="dashboard-shortcuts">
        <Title order={2} size="h4" id="dashboard-shortcuts" mb="sm">{t('home:shortcuts')}</Title>
        <SimpleGrid cols={{ base: 2, sm: 3, xl: 6 }} spacing="sm">
          {shortcuts.map((link) => (
            <Card key={link.to} component={Link} to={link.to} withBorder padding="md" className="shortcut-card">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" radius="md">{link.icon}</ThemeIcon>
                <Text fw={600} size="sm">{t(link.labelKey)}</Text>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </section>
      <EmptyState mt="xl" py="xl" variant="light" icon={<IconInbox size={28} />} title={t('common:empty_title')} description={t('home:empty')} />
    </>
  );
}

export const screens: ScreenComponents = {
  home: DashboardScreen,
};
