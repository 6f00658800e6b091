import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, CloseButton, EmptyState, Group, Loader, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS, SEARCH_MIN_LENGTH } from '@portal/domain/constants/ui';
import { formatDisplayDate } from '@portal/domain/format/date';
import { isSearchable, normaliseSearchTerm } from '@portal/domain/rules/search';
import { IconAlert, IconInbox } from '../../../components/ui/icons';
import { LoadMore } from '../../../components/ui/load-more';
import { useLoadMore } from '../../../hooks/use-load-more';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';
import { useCatalogueNames } from '../api/find-catalogue';
import { useFindProposals } from '../api/find-proposals';
import { PROPOSAL_STATUSES, type ProposalStatus } from '@portal/domain/contracts/proposals/proposal-fields';
import { MODE_LABELS, STATUS_LABELS } from './labels';
import { usd } from './money';

/**
 * proposal-list and search: the caller's proposals, newest change first, loading the next page
 * within 100 px of the bottom (and a button for keyboards). With `search`, a box that searches
 * from 3 characters, 1000 ms after the last keystroke (spec §9).
 */
export function ProposalList({ search }: { search: boolean }) {
  const { t } = useTranslation(['proposals', 'common', 'errors']);
  const names = useCatalogueNames();
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setApplied(normaliseSearchTerm(text)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const q = search && isSearchable(applied) ? applied : '';
  // A dashboard figure opens the list filtered by status (?status=quoted|presented|paymentRequested).
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status');
  const status = !search && (PROPOSAL_STATUSES as readonly string[]).includes(wanted ?? '') ? (wanted as ProposalStatus) : undefined;
  const query = useFindProposals({ q, status });
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);
  const sentinel = useLoadMore({ canLoad: hasNextPage && !isFetchNextPageError, loading: isFetchingNextPage, onLoadMore: loadMore });
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const tooShort = search && normaliseSearchTerm(text).length > 0 && !isSearchable(text);
  const waitingForSearch = search && !q;

  return (
    <Stack gap="md">
      {status ? (
        <Group gap="xs" data-testid="proposal-status-filter">
          <Badge variant="light" size="lg">
            {t(STATUS_LABELS[status])}
          </Badge>
          <CloseButton size="sm" aria-label={t('proposals:clear_status_filter')} onClick={() => setParams({}, { replace: true })} />
        </Group>
      ) : null}
      {search ? (
        <TextInput
          type="search"
          role="searchbox"
          label={t('proposals:search_label')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              setApplied(normaliseSearchTerm(text));
            }
          }}
          description={tooShort ? t('proposals:search_too_short', { min: SEARCH_MIN_LENGTH }) : t('proposals:search_empty')}
          descriptionProps={{ 'aria-live': 'polite' }}
          autoComplete="off"
          enterKeyHint="search"
          data-testid="proposal-search"
          rightSection={
            query.isFetching && !isFetchingNextPage ? (
              <Loader size="xs" />
            ) : text ? (
              <CloseButton
                aria-label={t('proposals:search_clear')}
                onClick={() => {
                  setText('');
                  setApplied('');
                }}
              />
            ) : null
          }
        />
      ) : null}

      {waitingForSearch ? null : query.isPending ? (
        <Stack gap="xs" role="status" aria-label={t('common:loading')}>
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height={94} radius="md" />
          ))}
        </Stack>
      ) : query.isError && !query.data ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert" title={t('proposals:list_error')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{translateErrorKey(isApiError(query.error) ? query.error.messageKey : 'system_error')}</Text>
            <Button size="sm" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('common:retry')}
            </Button>
          </Stack>
        </Alert>
      ) : items.length === 0 ? (
        <EmptyState
          variant="light"
          size="md"
          py="xl"
          icon={<IconInbox size={28} />}
          title={q ? t('proposals:no_results', { q }) : t('proposals:list_empty')}
          data-testid="proposal-list-empty"
        >
          <EmptyState.Actions>
            <Button component={Link} to="/home/proposal">
              {t('proposals:new_proposal')}
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="proposal-list">
          {items.map((p) => (
            <li key={p.id}>
              <Card
                component={Link}
                to={`/home/proposal/proposal-detail/${encodeURIComponent(p.id)}`}
                withBorder
                radius="md"
                padding="sm"
                data-testid="proposal-row"
              >
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} miw={0}>
                    <Text fw={600} truncate>
                      <bdi>{p.lifeInsuredName}</bdi>
                      {p.lifeInsuredNameKh ? (
                        <>
                          {' · '}
                          <bdi>{p.lifeInsuredNameKh}</bdi>
                        </>
                      ) : null}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {p.proposalNumber} · {formatDisplayDate(p.modifiedDate)}
                    </Text>
                    {/* One line kept from the first paint: the name arrives with the products, without moving the list. */}
                    <Text size="sm" c="dimmed" truncate data-testid="proposal-row-product">
                      {names.product(p.productCode) ?? '\u00a0'}
                    </Text>
                  </Stack>
                  <Stack gap={2} align="flex-end">
                    <Text fw={700}>{usd(p.premium)}</Text>
                    <Text size="xs" c="dimmed">
                      {t(MODE_LABELS[p.premiumMode])}
                    </Text>
                  </Stack>
                </Group>
                <Badge mt={6} variant="light" size="sm">
                  {t(STATUS_LABELS[p.status])}
                </Badge>
              </Card>
            </li>
          ))}
        </Stack>
      )}
      <div ref={sentinel} />
      {items.length > 0 ? (
        <LoadMore
          hasNextPage={hasNextPage}
          loading={isFetchingNextPage}
          onLoadMore={loadMore}
          label={t('proposals:load_more')}
          data-testid="proposal-load-more"
        />
      ) : null}
    </Stack>
  );
}
