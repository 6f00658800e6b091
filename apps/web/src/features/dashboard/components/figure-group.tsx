import { Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { DashboardFigure, DashboardGroup } from '@portal/domain/contracts/user/dashboard';
import { formatDisplayDate, weekdayKey } from '@portal/domain/format/date';
import { TONE_TEXT } from '../../../components/ui/tone-text';
import { translateKey } from '../../../lib/i18n';
import { BarChart } from './bar-chart';
import { linkPath } from './link-path';

const TONE_COLORS: Record<DashboardFigure['tone'], string> = { neutral: 'gray', good: 'green', warning: 'orange', alert: 'red' };

/** A label key that arrives from the server, never shown raw. */
function label(key: string, values?: Record<string, unknown>): string {
  return translateKey(key, 'home:title', values);
}

/** Short weekday of a YYYY-MM-DD date in the current language (from the language files). */
function weekday(isoDate: string): string {
  return translateKey(weekdayKey(isoDate), 'home:title');
}

function FigureCard({ figure }: { figure: DashboardFigure }) {
  const { t } = useTranslation(['home']);
  const text = label(figure.labelKey, figure.date ? { date: formatDisplayDate(figure.date) } : undefined);
  const shown = figure.total !== undefined ? t('home:value_of_total', { value: figure.value, total: figure.total }) : String(figure.value);
  return (
    <Card
      component={Link}
      to={linkPath(figure.link)}
      withBorder
      padding="md"
      className="shortcut-card"
      aria-label={t('home:open_list', { label: `${text}: ${shown}` })}
      data-testid={`figure-${figure.id}`}
    >
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
        {figure.id === 'complianceStatus' ? (
          <Group gap="xs">
            <Badge
              color={TONE_COLORS[figure.tone]}
              c={TONE_TEXT[TONE_COLORS[figure.tone]]}
              variant="light"
              tt="none"
              data-testid="figure-value"
            >
              {t('home:attempts', { count: figure.value })}
            </Badge>
          </Group>
        ) : (
          <Text
            fz={28}
            fw={700}
            lh={1.1}
            c={figure.tone === 'warning' || figure.tone === 'alert' ? TONE_TEXT[TONE_COLORS[figure.tone]] : undefined}
            data-testid="figure-value"
          >
            {shown}
          </Text>
        )}
        {figure.amounts && figure.amounts.length > 0 ? <Text size="sm">{figure.amounts.map((a) => a.formatted).join(' · ')}</Text> : null}
      </Stack>
    </Card>
  );
}

/** One group of figures: linked cards, and a bar chart with its numbers as links below it. */
export function FigureGroup({ group }: { group: DashboardGroup }) {
  const { t } = useTranslation(['home']);
  const titleId = `dashboard-group-${group.id}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={titleId} data-testid={`group-${group.id}`}>
      <Title order={2} size="h4" id={titleId} mb="sm">
        {label(group.titleKey)}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {group.figures.map((figure) => (
          <FigureCard key={figure.id} figure={figure} />
        ))}
      </SimpleGrid>
      {group.chart ? (
        <Stack gap={4} mt="md">
          <Text fw={600} size="sm">
            {label(group.chart.titleKey)}
          </Text>
          <BarChart
            title={label(group.chart.titleKey)}
            description={t('home:chart_desc')}
            bars={group.chart.bars.map((b) => ({
              id: b.id,
              value: b.value,
              label: b.label ? weekday(b.label) : label(b.labelKey),
            }))}
            testId={`chart-${group.id}`}
          />
          <List size="sm" spacing={2} listStyleType="none" p={0}>
            {group.chart.bars.map((b) => (
              <List.Item key={b.id} display="inline-block" mr="md">
                <Anchor component={Link} to={linkPath(b.link)} data-testid={`bar-${b.id}`}>
                  {b.label ? `${weekday(b.label)} ${formatDisplayDate(b.label)}` : label(b.labelKey)}: {b.value}
                </Anchor>
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Card>
  );
}
