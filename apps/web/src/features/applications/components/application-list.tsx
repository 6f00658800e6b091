import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ApplicationSummary } from '@portal/domain/contracts/applications/application-response';
import { formatDisplayDate } from '@portal/domain/format/date';
import { LoadMore } from '../../../components/ui/load-more';
import { translateErrorKey } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { useFindApplications } from '../api/find-applications';
import { useCatalogueName } from '../api/find-products';

export function ApplicationRow({ item }: { item: ApplicationSummary }) {
  const { t } = useTranslation(['applications']);
  const name = useCatalogueName();
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      component={Link}
      to={`/home/application/detail?applicationId=${encodeURIComponent(item.id)}`}
      data-testid="application-row"
    >
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Text fw={600} truncate="end">
            {item.lifeInsuredName || '—'}
          </Text>
          <Text size="sm" c="dimmed">
            {item.applicationNumber} · {name('product', item.productCode)}
            {item.proposalNumber ? ` · ${item.proposalNumber}` : ''}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDisplayDate(item.modifiedDate.slice(0, 10))}
          </Text>
        </Stack>
        <Badge color={item.status === 'S' ? 'green' : 'blue'} variant="light">
          {t(item.status === 'S' ? 'applications:status_S' : 'applications:status_P')}
        </Badge>
      </Group>
    </Card>
  );
}

/** Applications matching a term and status, a page at a time: empty, loading and error states. */
export function ApplicationList({ q, status, enabled = true }: { q: string; status: string; enabled?: boolean }) {
  const { t } = useTranslation(['applications', 'common', 'errors']);
  const query = useFindApplications({ q, status }, enabled);
  if (!enabled) return null;
  if (query.isPending)
    return (
      <Stack gap="sm" role="status" aria-label={t('common:loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} height={72} radius="md" />
        ))}
      </Stack>
    );
  if (query.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{translateErrorKey(isApiError(query.error) ? query.error.messageKey : 'system_error')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  const items = query.data.pages.flatMap((p) => p.items);
  if (items.length === 0)
    return (
      <Text c="dimmed" data-testid="application-list-empty">
        {t(q ? 'applications:search_none' : 'applications:list_empty')}
      </Text>
    );
  return (
    <Stack gap="sm" data-testid="application-list">
      {items.map((item) => (
        <ApplicationRow key={item.id} item={item} />
      ))}
      <LoadMore
        hasNextPage={query.hasNextPage}
        loading={query.isFetchingNextPage}
        onLoadMore={() => void query.fetchNextPage()}
        label={t('applications:load_more')}
      />
    </Stack>
  );
}
