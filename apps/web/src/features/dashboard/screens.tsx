import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDisplayDate } from '@portal/domain/format/date';
import { areaLinksFor } from '../../components/ui/area-links';
import { PageHeader } from '../../components/ui/page-header';
import { useSession } from '../../lib/session';
import type { ScreenComponents } from '../../lib/screen-route';
import { useDashboard } from './api/get-dashboard';
import { FigureGroup } from './components/figure-group';
import { DashboardError, DashboardLoading, NoFigures } from './components/dashboard-states';

/** The dashboard: the caller's figures by group (GET /api/user/v1/dashboard), then shortcuts. */
function DashboardScreen() {
  const { t } = useTranslation(['home', 'nav', 'common']);
  const { user } = useSession();
  const dashboard = useDashboard();
  const shortcuts = areaLinksFor(user?.roles ?? []).filter((link) => link.area !== 'home' && link.area !== 'profile');
  return (
    <>
      <PageHeader titleKey="home:title" subtitle={user ? t('home:welcome', { name: user.displayName || user.username }) : undefined} />
      <Stack gap="md" mb="xl" component="section" aria-labelledby="dashboard-figures">
        <div>
          <Title order={2} size="h4" id="dashboard-figures">
            {t('home:figures_title')}
          </Title>
          {dashboard.data ? (
            <Text size="sm" c="dimmed">
              {t(dashboard.data.scope === 'agency' ? 'home:scope_agency' : 'home:scope_own')}
              {' · '}
              {t('home:week', { from: formatDisplayDate(dashboard.data.weekStart), to: formatDisplayDate(dashboard.data.weekEnd) })}
            </Text>
          ) : null}
        </div>
        {dashboard.isPending ? (
          <DashboardLoading />
        ) : dashboard.isError ? (
          <DashboardError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        ) : dashboard.data.groups.length === 0 ? (
          <NoFigures />
        ) : (
          dashboard.data.groups.map((group) => <FigureGroup key={group.id} group={group} />)
        )}
      </Stack>
      <section aria-labelledby="dashboard-shortcuts">
        <Title order={2} size="h4" id="dashboard-shortcuts" mb="sm">
          {t('home:shortcuts')}
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, xl: 6 }} spacing="sm">
          {shortcuts.map((link) => (
            <Card key={link.to} component={Link} to={link.to} withBorder padding="md" className="shortcut-card">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" size="lg" radius="md">
                  {link.icon}
                </ThemeIcon>
                <Text fw={600} size="sm">
                  {t(link.labelKey)}
                </Text>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </>
  );
}

export const screens: ScreenComponents = {
  home: DashboardScreen,
};
