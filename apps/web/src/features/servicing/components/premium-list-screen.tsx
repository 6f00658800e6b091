import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { PageHeader } from '../../../components/ui/page-header';
import { useClientPayments } from '../api/find-client-payments';
import { useServicingSummary } from '../api/get-servicing-summary';
import { usePolicyNumber } from '../hooks/policy-paths';
import { LoadMore } from '../../../components/ui/load-more';
import { useLoadMore } from '../../../hooks/use-load-more';
import { showDate, showMoney } from './format';
import { PREMIUM_MODE_KEYS, TONE_TEXT } from './labels';
import { PaymentRow } from './payment-row';
import { PolicyFrame } from './policy-frame';
import { PolicyRow } from './policy-row';
import { premiumSchedule } from '@portal/domain/rules/premium-schedule';
import { EmptyNote, LoadingBlocks, QueryError } from './query-state';

/** The premiums falling due over the next year, from the paid-to date and the premium mode. */
function DueSchedule({ detail }: { detail: PolicyDetailsResponse }) {
  const { t } = useTranslation(['servicing']);
  const dues = premiumSchedule(detail, todayInPhnomPenh());
  const reason =
    detail.status === 'Lapsed'
      ? t('servicing:schedule_lapsed')
      : detail.premiumMode === 'singlePremium'
        ? t('servicing:schedule_single')
        : t('servicing:schedule_none');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="schedule-heading">
      <Title order={2} size="h4" id="schedule-heading" mb={4}>
        {t('servicing:schedule_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('servicing:schedule_intro', { premium: showMoney(detail.modalPremium), mode: t(PREMIUM_MODE_KEYS[detail.premiumMode]) })}
      </Text>
      {dues.length === 0 ? (
        <Text>{reason}</Text>
      ) : (
        <Table verticalSpacing="xs" tabularNums data-testid="premium-schedule">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('servicing:due_date')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('servicing:amount')}
              </Table.Th>
              <Table.Th scope="col">{t('servicing:due_status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {dues.map((due) => (
              <Table.Tr key={due.dueDate}>
                <Table.Td>{showDate(due.dueDate)}</Table.Td>
                <Table.Td ta="right">{showMoney(detail.modalPremium)}</Table.Td>
                <Table.Td>
                  <Badge
                    variant="light"
                    radius="sm"
                    tt="none"
                    color={due.overdue ? 'red' : 'blue'}
                    c={TONE_TEXT[due.overdue ? 'red' : 'blue']}
                  >
                    {due.overdue ? t('servicing:due_overdue') : t('servicing:due_upcoming')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** Every payment of the policy, newest first, a page at a time (client-payments). */
function PaymentHistory({ policyNumber }: { policyNumber: string }) {
  const { t } = useTranslation(['servicing']);
  const query = useClientPayments(policyNumber);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const sentinel = useLoadMore({
    canLoad: query.hasNextPage && !query.isFetchNextPageError,
    loading: query.isFetchingNextPage,
    onLoadMore: () => void query.fetchNextPage(),
  });
  return (
    <section aria-labelledby="history-heading">
      <Title order={2} size="h4" id="history-heading" mb="xs">
        {t('servicing:payment_history')}
      </Title>
      {query.isPending ? <LoadingBlocks rows={3} height={56} /> : null}
      {query.isError && !query.data ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && items.length === 0 ? <EmptyNote description={t('servicing:premium_payment_empty')} /> : null}
      {items.length > 0 ? (
        <Stack gap="xs" component="ul" m={0} p={0} data-testid="payment-history">
          {items.map((payment) => (
            <PaymentRow key={payment.id} payment={payment} />
          ))}
        </Stack>
      ) : null}
      <div ref={sentinel} aria-hidden="true" />
      {query.isFetchNextPageError ? <QueryError error={query.error} /> : null}
      {items.length > 0 ? (
        <LoadMore
          hasNextPage={query.hasNextPage}
          loading={query.isFetchingNextPage}
          onLoadMore={() => void query.fetchNextPage()}
          label={t('servicing:load_more')}
        />
      ) : null}
    </section>
  );
}

/** Without a policy: this month's premiums due across the advisor's customers (the dashboard summary). */
function DueThisMonth() {
  const { t } = useTranslation(['servicing', 'common']);
  const query = useServicingSummary();
  if (query.isPending) return <LoadingBlocks rows={3} height={110} />;
  if (query.isError) return <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  const due = query.data.premiumsDue;
  if (due.count === 0) return <EmptyNote description={t('servicing:premium_list_empty')} />;
  return (
    <Stack gap="sm">
      <Text>
        {t('servicing:premiums_due_total')}:{' '}
        <Text span fw={700}>
          {due.totals.map((m) => showMoney(m)).join(' + ')}
        </Text>
      </Text>
      {due.count > due.items.length ? (
        <Text size="sm" c="dimmed">
          {t('servicing:list_shown_of', { shown: due.items.length, count: due.count })}
        </Text>
      ) : null}
      <Stack gap="sm" component="section" aria-label={t('servicing:premium_list_title')}>
        {due.items.map((policy) => (
          <PolicyRow key={policy.policyNumber} policy={policy} />
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * Premiums due. With `?policyNumber=` (from a policy): that policy's schedule for the next year
 * and its full payment history. Without: this month's premiums due across all customers.
 */
export function PremiumListScreen() {
  const policyNumber = usePolicyNumber();
  if (!policyNumber) {
    return (
      <>
        <PageHeader titleKey="servicing:premium_list_title" />
        <DueThisMonth />
      </>
    );
  }
  return (
    <PolicyFrame titleKey="servicing:premium_list_title" current="premium-list" policyNumber={policyNumber}>
      {(detail) => (
        <Stack gap="lg" mb="lg">
          <DueSchedule detail={detail} />
          <PaymentHistory policyNumber={detail.policyNumber} />
        </Stack>
      )}
    </PolicyFrame>
  );
}
