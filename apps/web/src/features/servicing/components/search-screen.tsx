import { Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { POLICY_STATUSES, isPolicyStatus } from '@portal/domain/codes/policy-codes';
import { SEARCH_MIN_LENGTH } from '@portal/domain/constants/ui';
import { PageHeader } from '../../../components/ui/page-header';
import { useSearchCustomers } from '../api/search-customers';
import { LoadMore } from '../../../components/ui/load-more';
import { useLoadMore } from '../../../hooks/use-load-more';
import { usePolicySearch } from '../hooks/use-policy-search';
import { POLICY_STATUS_KEYS } from './labels';
import { PolicyRow } from './policy-row';
import { EmptyNote, LoadingBlocks, QueryError } from './query-state';

/**
 * Policy search: one box (policy number, owner or insured name in Latin or Khmer, phone, ID
 * number; 3+ characters, applied after a pause), a status filter, and an endless list that loads
 * the next page near the bottom of the screen or with the button.
 */
export function SearchScreen() {
  const { t } = useTranslation(['servicing', 'common']);
  const search = usePolicySearch();
  const query = useSearchCustomers(search.filters);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  const canLoad = query.hasNextPage && !query.isFetchNextPageError;
  const sentinel = useLoadMore({ canLoad, loading: query.isFetchingNextPage, onLoadMore: () => void query.fetchNextPage() });
  const filtered = search.filters.q !== '' || search.filters.status !== undefined;

  return (
    <>
      <PageHeader titleKey="servicing:search_title" />
      <Stack
        gap="sm"
        mb="md"
        component="form"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          search.applyNow();
        }}
      >
        <TextInput
          type="search"
          label={t('servicing:search_label')}
          description={t('servicing:search_description', { min: SEARCH_MIN_LENGTH })}
          value={search.text}
          onChange={(event) => search.setText(event.currentTarget.value)}
          error={search.tooShort ? t('servicing:search_too_short', { min: SEARCH_MIN_LENGTH }) : undefined}
          rightSection={search.pending || (query.isFetching && !query.isFetchingNextPage) ? <Loader size="xs" aria-hidden="true" /> : null}
          autoComplete="off"
          enterKeyHint="search"
          name="q"
        />
        <NativeSelect
          label={t('servicing:status_filter')}
          value={search.filters.status ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            search.setStatus(isPolicyStatus(value) ? value : undefined);
          }}
          data={[
            { value: '', label: t('servicing:status_all') },
            ...POLICY_STATUSES.map((status) => ({ value: status, label: t(POLICY_STATUS_KEYS[status]) })),
          ]}
          name="status"
        />
      </Stack>

      <Text size="sm" c="dimmed" role="status" aria-live="polite" mb="xs">
        {query.isSuccess
          ? items.length === 0
            ? ''
            : t(query.hasNextPage ? 'servicing:results_shown_more' : 'servicing:results_shown', { count: items.length })
          : ''}
      </Text>

      {query.isPending ? <LoadingBlocks rows={4} height={110} /> : null}
      {query.isError && !query.data ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isSuccess && items.length === 0 ? (
        <EmptyNote description={filtered ? t('servicing:search_no_results') : t('servicing:search_empty')} />
      ) : null}

      {items.length > 0 ? (
        <Stack gap="sm" component="section" aria-label={t('servicing:search_results')} data-testid="policy-results">
          {items.map((policy) => (
            <PolicyRow key={policy.policyNumber} policy={policy} />
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
    </>
  );
}
