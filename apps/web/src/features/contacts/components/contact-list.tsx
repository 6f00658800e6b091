import { memo, useCallback, useDeferredValue, useMemo } from 'react';
import {
  Alert,
  Button,
  Card,
  Chip,
  CloseButton,
  EmptyState,
  Fieldset,
  Group,
  Loader,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONTACT_TYPES, GENDERS, isContactType, isGender } from '@portal/domain/codes/client';
import { SEARCH_MIN_LENGTH } from '@portal/domain/constants/ui';
import { IconAlert, IconInbox, IconUserPlus } from '../../../components/ui/icons';
import { useFindContacts } from '../api/find-contacts';
import { apiErrorText } from '../hooks/form-errors';
import { useContactSearch } from '../hooks/use-contact-search';
import { LoadMore } from '../../../components/ui/load-more';
import { useLoadMore } from '../../../hooks/use-load-more';
import { ContactRow } from './contact-row';
import { WaitingContacts } from './waiting-contacts';
import { CONTACT_TYPE_LABELS, GENDER_LABELS } from './labels';

const ALL = 'all';
const SKELETON_ROWS = 5;

function ListSkeleton() {
  const { t } = useTranslation(['common']);
  return (
    <Stack gap="xs" role="status" aria-label={t('common:loading')} data-testid="contact-list-loading">
      {Array.from({ length: SKELETON_ROWS }, (_, index) => (
        <Card key={index} withBorder padding="sm" radius="md">
          <Skeleton height={16} width="55%" mb={8} />
          <Skeleton height={12} width="35%" mb={8} />
          <Skeleton height={12} width="70%" />
        </Card>
      ))}
    </Stack>
  );
}

type FoundContact = NonNullable<ReturnType<typeof useFindContacts>['data']>['pages'][number]['items'][number];

const ContactRows = memo(function ContactRows({ contacts, label, busy }: { contacts: FoundContact[]; label: string; busy: boolean }) {
  return (
    <ul className="contact-list" aria-label={label} data-testid="contact-list" aria-busy={busy}>
      {contacts.map((contact) => (
        <ContactRow key={contact.id} contact={contact} />
      ))}
    </ul>
  );
});

/**
 * The contact list (spec §2 /home/contact): search from 3 characters (debounced 1000 ms),
 * contact type and gender filters, and an infinite list that loads the next page within 100 px
 * of the bottom, with a "load more" button for keyboards and for when scrolling is not possible.
 */
export function ContactList() {
  const { t } = useTranslation(['contacts', 'common', 'errors']);
  const search = useContactSearch();
  const { filters } = search;
  const query = useFindContacts(filters);
  const { fetchNextPage, hasNextPage, isFetchingNextPage, isFetchNextPageError } = query;

  const contacts = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  // The rows (hundreds after a few pages) are drawn at a lower priority than the search box, and
  // a keystroke does not redraw them: typing stays responsive while a long list renders.
  const shownContacts = useDeferredValue(contacts);
  const rowsDrawn = shownContacts === contacts;
  // The first rows come one render after the data: until then the skeleton stays, so the page
  // never shows the count and "load more" over an empty list that then grows (a layout shift).
  const firstRowsPending = contacts.length > 0 && shownContacts.length === 0;

  const loadMore = useCallback(() => {
    void fetchNextPage();
  }, [fetchNextPage]);
  // Not while the rows lag behind the data: the sentinel would sit where rows are about to be.
  const sentinelRef = useLoadMore({
    canLoad: hasNextPage && !isFetchNextPageError && rowsDrawn,
    loading: isFetchingNextPage,
    onLoadMore: loadMore,
  });
  const filtered = filters.q !== '' || filters.contactType !== undefined || filters.gender !== undefined;

  // Typed and waiting for the pause, or the new search on its way (the old rows stay meanwhile).
  const searching = search.pending || (query.isFetching && !isFetchingNextPage && !query.isPending);
  const searchHint = search.tooShort
    ? t('contacts:search_too_short', { min: SEARCH_MIN_LENGTH })
    : t('contacts:search_hint', { min: SEARCH_MIN_LENGTH });

  return (
    <Stack gap="md">
      <Stack gap="sm" role="search">
        <TextInput
          type="search"
          value={search.text}
          onChange={(event) => search.setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              search.applyNow();
            }
          }}
          label={t('contacts:search_label')}
          description={searchHint}
          placeholder={t('contacts:search_placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          rightSection={
            searching ? (
              <Loader size="xs" />
            ) : search.text ? (
              <CloseButton aria-label={t('contacts:search_clear')} onClick={search.clearText} data-testid="contact-search-clear" />
            ) : null
          }
          data-testid="contact-search"
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          descriptionProps={{ 'aria-live': 'polite', 'data-testid': 'contact-search-hint' }}
        />
        <Group gap="md" align="flex-start" wrap="wrap">
          <Fieldset variant="unstyled" legend={t('contacts:filter_type')} data-testid="contact-filter-type">
            <Chip.Group
              value={filters.contactType ?? ALL}
              onChange={(value) => search.setContactType(isContactType(value) ? value : undefined)}
            >
              <Group gap={6} mt={4} wrap="wrap">
                <Chip type="radio" value={ALL} size="sm">
                  {t('contacts:filter_all')}
                </Chip>
                {CONTACT_TYPES.map((type) => (
                  <Chip key={type} type="radio" value={type} size="sm" data-testid={`contact-filter-type-${type}`}>
                    {t(CONTACT_TYPE_LABELS[type])}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Fieldset>
          <Fieldset variant="unstyled" legend={t('contacts:filter_gender')} data-testid="contact-filter-gender">
            <Chip.Group value={filters.gender ?? ALL} onChange={(value) => search.setGender(isGender(value) ? value : undefined)}>
              <Group gap={6} mt={4} wrap="wrap">
                <Chip type="radio" value={ALL} size="sm">
                  {t('contacts:filter_all')}
                </Chip>
                {GENDERS.map((gender) => (
                  <Chip key={gender} type="radio" value={gender} size="sm" data-testid={`contact-filter-gender-${gender}`}>
                    {t(GENDER_LABELS[gender])}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Fieldset>
        </Group>
      </Stack>

      <WaitingContacts />
      {query.isPending || firstRowsPending ? <ListSkeleton /> : null}

      {query.isError && !query.data ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlert />}
          title={t('contacts:list_error')}
          role="alert"
          data-testid="contact-list-error"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{apiErrorText(query.error)}</Text>
            <Button size="sm" variant="light" color="red" onClick={() => void query.refetch()}>
              {t('common:retry')}
            </Button>
          </Stack>
        </Alert>
      ) : null}

      {query.isSuccess && contacts.length === 0 ? (
        filtered ? (
          <EmptyState
            variant="light"
            size="md"
            py="xl"
            icon={<IconInbox size={28} />}
            title={t('contacts:no_results_title')}
            description={filters.q ? t('contacts:no_results_text', { q: filters.q }) : t('contacts:no_results_filters')}
            data-testid="contact-list-no-results"
          >
            <EmptyState.Actions>
              <Button variant="default" onClick={search.clearAll}>
                {t('contacts:clear_search')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        ) : (
          <EmptyState
            variant="light"
            size="md"
            py="xl"
            icon={<IconUserPlus size={28} />}
            title={t('contacts:empty_title')}
            description={t('contacts:empty')}
            data-testid="contact-list-empty"
          >
            <EmptyState.Actions>
              <Button component={Link} to="/home/contact/contact-new">
                {t('contacts:add_first')}
              </Button>
            </EmptyState.Actions>
          </EmptyState>
        )
      ) : null}

      {contacts.length > 0 && !firstRowsPending ? (
        <>
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="contact-list-count">
            {filtered ? t('contacts:results_shown', { count: contacts.length }) : t('contacts:contacts_shown', { count: contacts.length })}
          </Text>
          <ContactRows contacts={shownContacts} label={t('contacts:list_label')} busy={query.isFetching || !rowsDrawn} />
          <div ref={sentinelRef} className="contact-list-sentinel" aria-hidden="true" />
          {isFetchNextPageError ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {t('contacts:load_more_error')}
            </Alert>
          ) : null}
          <LoadMore
            hasNextPage={hasNextPage}
            loading={isFetchingNextPage}
            onLoadMore={loadMore}
            label={isFetchNextPageError ? t('common:retry') : t('contacts:load_more')}
            data-testid="contact-load-more"
            endTestId="contact-list-end"
          />
        </>
      ) : null}
    </Stack>
  );
}
