import { useState, type ReactNode } from 'react';
import { Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { POLICY_STATUSES } from '@portal/domain/codes/policy-codes';
import type { ServicingSummaryResponse } from '@portal/domain/contracts/policies/servicing-summary';
import { SCREENS } from '@portal/domain/screens';
import { PageHeader } from '../../../components/ui/page-header';
import { useServicingSummary } from '../api/get-servicing-summary';
import { searchPath } from '../hooks/policy-paths';
import { showDate, showMoney } from './format';
import { POLICY_STATUS_COLORS, POLICY_STATUS_KEYS, TONE_TEXT } from './labels';
import { MilestoneRow } from './milestone-row';
import { PolicyRow } from './policy-row';
import { EmptyNote, LoadingBlocks, QueryError } from './query-state';

const pathOf = (id: string) => SCREENS.find((screen) => screen.id === id)?.path ?? '/home/servicing';

/** Rows a dashboard block shows before "Show more": the dashboard stays short on a phone. */
const BLOCK_ROWS = 3;

/**
 * A titled block of the dashboard: its count, its first rows (all of the server's rows on
 * request), an empty line when there are none, and a link to the full list.
 */
function Block({
  id,
  title,
  count,
  empty,
  rows,
  link,
  children,
}: {
  id: string;
  title: string;
  count: number;
  empty: string;
  rows: ReactNode[];
  link?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['servicing']);
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, BLOCK_ROWS);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id} data-block={id}>
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} size="h4" id={id}>
          {title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('servicing:count_total', { count })}
        </Text>
      </Group>
      <Stack gap="sm">
        {children}
        {rows.length === 0 ? <Text size="sm">{empty}</Text> : shown}
      </Stack>
      <Group mt="sm" gap="md">
        {rows.length > BLOCK_ROWS ? (
          <Button variant="subtle" size="compact-sm" onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? t('servicing:show_fewer') : t('servicing:show_more', { count: rows.length - BLOCK_ROWS })}
          </Button>
        ) : null}
        {link}
      </Group>
    </Card>
  );
}

function StatusCards({ summary }: { summary: ServicingSummaryResponse }) {
  const { t } = useTranslation(['servicing']);
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" component="ul" m={0} p={0} aria-label={t('servicing:counts_by_status')}>
      {POLICY_STATUSES.map((status) => (
        <li key={status}>
          <UnstyledButton
            component={Link}
            to={searchPath(status)}
            w="100%"
            data-status-card={status}
            aria-label={t('servicing:status_card_label', { status: t(POLICY_STATUS_KEYS[status]), count: summary.countsByStatus[status] })}
          >
            <Card withBorder padding="md" bd={`2px solid var(--mantine-color-${POLICY_STATUS_COLORS[status]}-7)`}>
              <Text size="sm" fw={600} c={TONE_TEXT[POLICY_STATUS_COLORS[status]]}>
                {t(POLICY_STATUS_KEYS[status])}
              </Text>
              <Text fz={28} fw={700} lh={1.2}>
                {summary.countsByStatus[status]}
              </Text>
              <Text size="xs" c="dimmed">
                {t('servicing:status_card_hint')}
              </Text>
            </Card>
          </UnstyledButton>
        </li>
      ))}
    </SimpleGrid>
  );
}

function DashboardSkeleton() {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" aria-hidden="true">
        {POLICY_STATUSES.map((status) => (
          <Skeleton key={status} height={96} radius="md" />
        ))}
      </SimpleGrid>
      <LoadingBlocks rows={3} height={120} />
    </Stack>
  );
}

/**
 * The servicing dashboard: policies by status (each a link to the filtered search), policies
 * about to enter grace or lapse, this month's premiums due, and the next milestones.
 */
export function DashboardScreen() {
  const { t } = useTranslation(['servicing', 'common']);
  const query = useServicingSummary();
  const searchButton = (
    <Button component={Link} to={searchPath()} variant="light">
      {t('servicing:search_title')}
    </Button>
  );

  if (query.isPending) {
    return (
      <>
        <PageHeader titleKey="servicing:title" actions={searchButton} />
        <DashboardSkeleton />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        <PageHeader titleKey="servicing:title" actions={searchButton} />
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      </>
    );
  }
  const summary = query.data;
  return (
    <>
      <PageHeader titleKey="servicing:title" subtitle={t('servicing:as_of', { date: showDate(summary.asOf) })} actions={searchButton} />
      <Stack gap="lg">
        {summary.countsByStatus.total === 0 ? <EmptyNote description={t('servicing:no_policies')} /> : <StatusCards summary={summary} />}

        <Block
          id="entering-grace"
          title={t('servicing:entering_grace_title')}
          count={summary.enteringGrace.count}
          empty={t('servicing:entering_grace_empty')}
          rows={summary.enteringGrace.items.map((policy) => (
            <PolicyRow
              key={policy.policyNumber}
              policy={policy}
              extra={t('servicing:enters_grace_on', { date: showDate(policy.paidToDate) })}
            />
          ))}
        />

        <Block
          id="lapsing-soon"
          title={t('servicing:lapsing_soon_title')}
          count={summary.lapsingSoon.count}
          empty={t('servicing:lapsing_soon_empty')}
          rows={summary.lapsingSoon.items.map((policy) => (
            <PolicyRow
              key={policy.policyNumber}
              policy={policy}
              extra={t('servicing:lapses_on', { date: showDate(policy.graceEndDate) })}
            />
          ))}
        />

        <Block
          id="premiums-due"
          title={t('servicing:premiums_due_title')}
          count={summary.premiumsDue.count}
          empty={t('servicing:premiums_due_empty')}
          rows={summary.premiumsDue.items.map((policy) => (
            <PolicyRow key={policy.policyNumber} policy={policy} />
          ))}
          link={
            <Anchor component={Link} to={pathOf('premium-list')} size="sm">
              {t('servicing:premiums_due_all')}
            </Anchor>
          }
        >
          {summary.premiumsDue.totals.length > 0 ? (
            <Text size="sm">
              {t('servicing:premiums_due_total')}:{' '}
              <Text span fw={700}>
                {summary.premiumsDue.totals.map((m) => showMoney(m)).join(' + ')}
              </Text>
            </Text>
          ) : null}
        </Block>

        <Block
          id="upcoming-milestones"
          title={t('servicing:milestones_upcoming_title')}
          count={summary.upcomingMilestones.count}
          empty={t('servicing:milestones_empty')}
          rows={summary.upcomingMilestones.items.map((milestone) => (
            <MilestoneRow
              key={`${milestone.policyNumber}-${milestone.type}-${milestone.date}-${milestone.linkType ?? ''}`}
              milestone={milestone}
            />
          ))}
          link={
            <Anchor component={Link} to={pathOf('customer-milestone')} size="sm">
              {t('servicing:milestones_all')}
            </Anchor>
          }
        />
      </Stack>
    </>
  );
}
