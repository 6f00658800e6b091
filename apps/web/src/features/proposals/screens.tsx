import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { ROLE_AAP, ROLE_BK } from '@portal/domain/codes/roles';
import { isProposalLocked } from '@portal/domain/contracts/proposals/proposal-fields';
import { KeptItem } from '../../components/ui/kept-item';
import { PageHeader } from '../../components/ui/page-header';
import { IconCheck } from '../../components/ui/icons';
import { useSession } from '../../lib/session';
import type { ScreenComponents } from '../../lib/screen-route';
import { findProposal, useFindProposal } from './api/find-proposal';
import { proposalKeys } from './api/proposal-keys';
import { PdfViewer } from './components/pdf-viewer';
import { ProposalDetail } from './components/proposal-detail';
import { ProposalList } from './components/proposal-list';
import { QuoteForm } from './components/quote-form';
import { RecordError, RecordSkeleton } from './components/record-state';
import { emptyQuoteValues, fromProposalInput, toQuoteFormValues } from './hooks/quote-form-values';

function useRecordId(): string {
  return useParams().id ?? '';
}

/** Advisors write proposals; agency staff only read them. */
function useCanWrite(): boolean {
  const roles: readonly string[] = useSession().user?.roles ?? [];
  return roles.includes(ROLE_AAP) || roles.includes(ROLE_BK);
}

/** A new quote starting from a copy of a saved proposal (`?copyFrom=`): its people and quote, saved as a new proposal. */
function CopiedQuoteForm({ id }: { id: string }) {
  const query = useFindProposal(id);
  if (query.data) return <QuoteForm key={`copy-${id}`} initial={toQuoteFormValues(query.data)} />;
  if (query.isError) return <RecordError error={query.error} onRetry={() => void query.refetch()} />;
  return <RecordSkeleton rows={10} />;
}

/** /home/proposal: a new quote, for `?contactId=` when it starts from a contact, or a copy of `?copyFrom=`. */
function NewProposalScreen() {
  const { t } = useTranslation(['proposals', 'offline']);
  const [params] = useSearchParams();
  const contactId = params.get('contactId') ?? '';
  const copyFrom = params.get('copyFrom');
  const outboxId = params.get('outbox');
  const location = useLocation();
  const canWrite = useCanWrite();
  return (
    <>
      <PageHeader
        titleKey="proposals:title"
        subtitle={t('proposals:empty')}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/home/proposal/proposal-list" variant="default" data-testid="proposal-list-link">
              {t('proposals:list_title')}
            </Button>
            <Button component={Link} to="/home/proposal/search" variant="default">
              {t('proposals:search_title')}
            </Button>
          </Group>
        }
      />
      {!canWrite ? (
        <Text c="dimmed">{t('proposals:read_only')}</Text>
      ) : outboxId ? (
        <>
          <Text mb="sm">{t('offline:revise_intro')}</Text>
          <KeptItem id={outboxId} kind="proposal" backTo="/home/proposal">
            {(record, content) => (
              <QuoteForm key={record.id} initial={fromProposalInput(content.body)} revising={{ id: record.id, problem: record.problem }} />
            )}
          </KeptItem>
        </>
      ) : copyFrom ? (
        <CopiedQuoteForm id={copyFrom} />
      ) : (
        // A new form for every arrival here (after a quote kept offline too), not the last one's values.
        <QuoteForm key={location.key} initial={emptyQuoteValues(contactId)} />
      )}
    </>
  );
}

function ListScreen() {
  const { t } = useTranslation(['proposals']);
  return (
    <>
      <PageHeader
        titleKey="proposals:list_title"
        actions={
          <Button component={Link} to="/home/proposal" data-testid="proposal-new">
            {t('proposals:new_proposal')}
          </Button>
        }
      />
      <ProposalList search={false} />
    </>
  );
}

function SearchScreen() {
  return (
    <>
      <PageHeader titleKey="proposals:search_title" />
      <ProposalList search />
    </>
  );
}

function DetailScreen() {
  const query = useFindProposal(useRecordId());
  const canWrite = useCanWrite();
  return (
    <>
      <PageHeader titleKey="proposals:detail_title" />
      {query.data ? (
        <ProposalDetail proposal={query.data} canEdit={canWrite} />
      ) : query.isError ? (
        <RecordError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <RecordSkeleton rows={10} />
      )}
    </>
  );
}

function EditScreen() {
  const { t } = useTranslation(['proposals', 'errors']);
  const id = useRecordId();
  const query = useFindProposal(id);
  const queryClient = useQueryClient();
  const reloadLatest = async () => {
    try {
      const fresh = await findProposal(id);
      queryClient.setQueryData(proposalKeys.detail(id), fresh);
      return { values: toQuoteFormValues(fresh), version: fresh.version };
    } catch {
      return null;
    }
  };
  return (
    <>
      <PageHeader titleKey="proposals:edit_title" />
      {query.data && isProposalLocked(query.data.status) ? (
        <Alert variant="light" color="gray" data-testid="proposal-locked">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('errors:proposal_locked')}</Text>
            <Button component={Link} to={`/home/proposal?copyFrom=${encodeURIComponent(id)}`} size="xs" data-testid="proposal-copy">
              {t('proposals:copy_as_new')}
            </Button>
          </Stack>
        </Alert>
      ) : query.data ? (
        <QuoteForm
          key={query.data.id}
          initial={toQuoteFormValues(query.data)}
          editing={{ id, version: query.data.version, reloadLatest }}
        />
      ) : query.isError ? (
        <RecordError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <RecordSkeleton rows={10} />
      )}
    </>
  );
}

function CreatedScreen() {
  const { t } = useTranslation(['proposals']);
  const id = useRecordId();
  const query = useFindProposal(id);
  return (
    <>
      <PageHeader titleKey="proposals:created_success_title" />
      {query.data ? (
        <Stack gap="md" align="flex-start" data-testid="proposal-created">
          <Group gap="xs">
            <IconCheck size={28} color="var(--mantine-color-green-7)" />
            <Text fw={600}>{t('proposals:created_success_empty')}</Text>
          </Group>
          <Text>{t('proposals:created_number', { number: query.data.proposalNumber })}</Text>
          <Group gap="xs" wrap="wrap">
            <Button component={Link} to={`/home/proposal/proposal-detail/${encodeURIComponent(id)}`} data-testid="created-open-detail">
              {t('proposals:open_detail')}
            </Button>
            <Button
              component={Link}
              to={`/home/proposal/view-proposal-pdf/${encodeURIComponent(id)}`}
              variant="default"
              data-testid="created-open-pdf"
            >
              {t('proposals:view_pdf')}
            </Button>
            <Button component={Link} to="/home/proposal" variant="subtle">
              {t('proposals:new_proposal')}
            </Button>
          </Group>
        </Stack>
      ) : query.isError ? (
        <RecordError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <RecordSkeleton rows={3} />
      )}
    </>
  );
}

function PdfScreen() {
  const { t } = useTranslation(['proposals']);
  const id = useRecordId();
  const query = useFindProposal(id);
  return (
    <>
      <PageHeader
        titleKey="proposals:pdf_title"
        actions={
          <Button component={Link} to={`/home/proposal/proposal-detail/${encodeURIComponent(id)}`} variant="default">
            {t('proposals:back_to_detail')}
          </Button>
        }
      />
      {query.data ? (
        <PdfViewer id={id} proposalNumber={query.data.proposalNumber} version={query.data.version} />
      ) : query.isError ? (
        <RecordError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <RecordSkeleton rows={4} />
      )}
    </>
  );
}

/** Proposals area (spec §2). */
export const screens: ScreenComponents = {
  proposals: NewProposalScreen,
  'proposal-list': ListScreen,
  'proposal-detail': DetailScreen,
  'proposal-edit': EditScreen,
  'proposal-search': SearchScreen,
  'new-proposal-created-success': CreatedScreen,
  'view-proposal-pdf': PdfScreen,
};
