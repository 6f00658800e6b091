import { useState } from 'react';
import { Group, NativeSelect, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MILESTONE_TYPES, type Milestone } from '@portal/domain/contracts/policies/policy-fields';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { PageHeader } from '../../../components/ui/page-header';
import { useClientMilestones } from '../api/find-client-milestones';
import { usePolicyNumber } from '../hooks/policy-paths';
import { showDate } from './format';
import { MILESTONE_TYPE_KEYS } from './labels';
import { MilestoneRow } from './milestone-row';
import { addDays } from '@portal/domain/format/calendar-arithmetic';
import { PolicyFrame } from './policy-frame';
import { EmptyNote, LoadingBlocks, QueryError } from './query-state';

const milestoneKey = (m: Milestone) => `${m.policyNumber}-${m.type}-${m.date}-${m.linkType ?? ''}-${m.descriptionEn ?? ''}`;

/** Windows an advisor plans in; the server allows up to 366 days. */
const WINDOWS = [7, 30, 90, 365] as const;

function MilestoneList({ items, showPolicy }: { items: readonly Milestone[]; showPolicy: boolean }) {
  const { t } = useTranslation(['servicing']);
  if (items.length === 0) return <EmptyNote description={t('servicing:customer_milestone_empty')} />;
  return (
    <Stack gap="sm" mb="lg" component="section" aria-label={t('servicing:customer_milestone_title')} data-testid="milestones">
      {items.map((m) => (
        <MilestoneRow key={milestoneKey(m)} milestone={m} showPolicy={showPolicy} />
      ))}
    </Stack>
  );
}

/** Without a policy: every customer's milestones in a chosen window from today, by type. */
function AllMilestones() {
  const { t } = useTranslation(['servicing']);
  const [days, setDays] = useState<number>(30);
  const [type, setType] = useState<string>('');
  const from = todayInPhnomPenh();
  const to = addDays(from, days);
  const query = useClientMilestones({ from, to, type: type || undefined });
  return (
    <>
      <Group gap="sm" grow mb="md" align="flex-end">
        <NativeSelect
          label={t('servicing:milestone_window')}
          value={String(days)}
          onChange={(event) => setDays(Number(event.currentTarget.value))}
          data={WINDOWS.map((n) => ({ value: String(n), label: t('servicing:next_days', { count: n }) }))}
        />
        <NativeSelect
          label={t('servicing:milestone_type')}
          value={type}
          onChange={(event) => setType(event.currentTarget.value)}
          data={[
            { value: '', label: t('servicing:milestone_all_types') },
            ...MILESTONE_TYPES.map((m) => ({ value: m, label: t(MILESTONE_TYPE_KEYS[m]) })),
          ]}
        />
      </Group>
      <Text size="sm" c="dimmed" mb="sm" role="status" aria-live="polite">
        {query.data
          ? t('servicing:milestone_range', { from: showDate(query.data.from), to: showDate(query.data.to), count: query.data.items.length })
          : ''}
      </Text>
      {query.isPending ? <LoadingBlocks rows={4} height={90} /> : null}
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? <MilestoneList items={query.data.items} showPolicy /> : null}
      {query.data?.truncated ? (
        <Text size="sm" c="dimmed">
          {t('servicing:milestone_truncated')}
        </Text>
      ) : null}
    </>
  );
}

/**
 * Customer milestones: birthdays, policy anniversaries, maturities, premiums due and the
 * insurer's own events. With `?policyNumber=`: that policy's next year (from the cached detail).
 */
export function CustomerMilestoneScreen() {
  const policyNumber = usePolicyNumber();
  if (!policyNumber) {
    return (
      <>
        <PageHeader titleKey="servicing:customer_milestone_title" />
        <AllMilestones />
      </>
    );
  }
  return (
    <PolicyFrame titleKey="servicing:customer_milestone_title" current="customer-milestone" policyNumber={policyNumber}>
      {(detail) => <MilestoneList items={detail.milestones} showPolicy={false} />}
    </PolicyFrame>
  );
}
