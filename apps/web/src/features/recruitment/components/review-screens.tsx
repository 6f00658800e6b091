import { useState } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CANDIDATE_STATUSES, isApprovedOrLater, type CandidateStatus } from '@portal/domain/codes/candidate-status';
import type { Candidate, ItcClass } from '@portal/domain/contracts/candidates/candidate';
import { SEARCH_DEBOUNCE_MS } from '@portal/domain/constants/ui';
import { formatDisplayDate } from '@portal/domain/format/date';
import { formatPhone } from '@portal/domain/format/phone';
import { missingForConversion } from '@portal/domain/rules/recruitment';
import { isSearchable, normaliseSearchTerm } from '@portal/domain/rules/search';
import { IconAlert, IconCheck } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { currentLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { useCandidateForm } from '../api/find-candidate';
import { useFindCandidates } from '../api/find-candidates';
import { downloadFile, useUploadContract } from '../api/files';
import { useItcClasses } from '../api/reference-data';
import { useConvertCandidate, useReviewCandidate } from '../api/update-candidate';
import { Empty, errorText, HistoryTable, Loading, LoadError, StatusBadge } from './candidate-parts';
import { CandidateForm } from './candidate-form';
import { FileUpload } from './file-upload';
import { DOCUMENT_LABELS, EDUCATION_LABELS, STATUS_LABELS } from './labels';
import { BusyButton } from '../../../components/ui/busy-button';

/** application-list and search: the caller's candidates, searchable, filtered by stage. */
export function ApplicationListScreen({ titleKey = 'recruitment:application_list_title' }: { titleKey?: string }) {
  const { t } = useTranslation(['recruitment', 'common']);
  const [term, setTerm] = useState('');
  const [status, setStatus] = useState<CandidateStatus | ''>('');
  const [debounced] = useDebouncedValue(normaliseSearchTerm(term), SEARCH_DEBOUNCE_MS);
  const q = isSearchable(debounced) ? debounced : '';
  const list = useFindCandidates({ q, status });
  return (
    <>
      <PageHeader
        titleKey={titleKey}
        actions={
          <Button component={Link} to="/home/recruitment/recruit-new_agent_method">
            {t('recruitment:new_agent_method_title')}
          </Button>
        }
      />
      <Group mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label={t('recruitment:search_label')}
          description={t('recruitment:search_hint')}
          value={term}
          onChange={(e) => setTerm(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
          type="search"
        />
        <NativeSelect
          label={t('recruitment:status_filter')}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as CandidateStatus | '')}
          data={[
            { value: '', label: t('recruitment:status_all') },
            ...CANDIDATE_STATUSES.map((s) => ({ value: s, label: t(STATUS_LABELS[s]) })),
          ]}
        />
      </Group>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <Empty description={t('recruitment:application_list_empty')} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="candidate-list">
          {list.data.items.map((c) => (
            <Card key={c.id} withBorder padding="sm" component="li">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Anchor component={Link} to={`/home/recruitment/application-view?candidateNumber=${c.candidateNumber}`} fw={600}>
                    {c.firstName} {c.lastName}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {c.candidateNumber} · {formatPhone(c.phone)}
                    {c.agentCode ? ` · ${c.agentCode}` : ''}
                  </Text>
                </Stack>
                <StatusBadge status={c.status} />
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}

function Details({ candidate }: { candidate: Candidate }) {
  const { t } = useTranslation(['recruitment']);
  const khmerName = [candidate.lastNameKh, candidate.firstNameKh].filter(Boolean).join(' ');
  const rows: [string, string][] = [
    ['recruitment:first_name', candidate.firstName],
    ['recruitment:last_name', candidate.lastName],
    ['recruitment:last_name_kh', khmerName || '—'],
    [
      'recruitment:gender',
      candidate.gender === 'M' ? t('recruitment:gender_m') : candidate.gender === 'F' ? t('recruitment:gender_f') : '—',
    ],
    ['recruitment:phone', formatPhone(candidate.phone)],
    ['recruitment:date_of_birth', candidate.dateOfBirth ? formatDisplayDate(candidate.dateOfBirth) : '—'],
    ['recruitment:id_number', candidate.idNumber ?? '—'],
    ['recruitment:email', candidate.email ?? '—'],
    ['recruitment:address', candidate.address ?? '—'],
    ['recruitment:recruiter', candidate.recruiterName ?? '—'],
    ['recruitment:itc_class', candidate.itcClass ? `${candidate.itcClass.code} (${formatDisplayDate(candidate.itcClass.startDate)})` : '—'],
    ['recruitment:exam', candidate.exam ? `${candidate.exam.score} – ${candidate.exam.result}` : '—'],
    ['recruitment:irc_licence', candidate.ircLicenceNumber ?? '—'],
    ['recruitment:agent_code', candidate.agentCode ?? '—'],
  ];
  return (
    <Card withBorder padding="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        {rows.map(([k, v]) => (
          <Text key={k} size="sm">
            <Text span fw={600}>
              {t(k)}:{' '}
            </Text>
            <span data-testid={`detail-${k.slice(12)}`}>{v}</span>
          </Text>
        ))}
      </SimpleGrid>
      <Text fw={600} size="sm" mt="sm">
        {t('recruitment:section_education')}
      </Text>
      <Stack gap={2} component="ul" m={0} pl="md" data-testid="detail-education">
        {candidate.education.map((e, i) => (
          <Text key={i} size="sm" component="li">
            {t(EDUCATION_LABELS[e.level])} · {e.institution}
            {e.fieldOfStudy ? ` · ${e.fieldOfStudy}` : ''}
            {e.completedDate ? ` · ${formatDisplayDate(e.completedDate)}` : ''}
          </Text>
        ))}
      </Stack>
      <Text fw={600} size="sm" mt="sm">
        {t('recruitment:section_work')}
      </Text>
      {candidate.workHistory.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('recruitment:no_work')}
        </Text>
      ) : (
        <Stack gap={2} component="ul" m={0} pl="md" data-testid="detail-work">
          {candidate.workHistory.map((w, i) => (
            <Text key={i} size="sm" component="li">
              {w.employer} · {w.position} · {formatDisplayDate(w.startDate)}
              {w.endDate ? ` – ${formatDisplayDate(w.endDate)}` : ''}
            </Text>
          ))}
        </Stack>
      )}
    </Card>
  );
}

function Documents({ candidate }: { candidate: Candidate }) {
  const { t } = useTranslation(['recruitment']);
  if (candidate.documents.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('recruitment:no_documents')}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={360}>
      <Table data-testid="document-table">
        <Table.Tbody>
          {candidate.documents.map((d) => (
            <Table.Tr key={d.id}>
              <Table.Td>{t(DOCUMENT_LABELS[d.documentType])}</Table.Td>
              <Table.Td>
                <Anchor
                  component="button"
                  type="button"
                  onClick={() => void downloadFile('/api/candidate/v1/document/download', { id: d.id }, d.fileName)}
                >
                  {d.fileName}
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The agency admin's actions for the candidate's current stage. */
function AdminActions({ candidate }: { candidate: Candidate }) {
  const { t } = useTranslation(['recruitment', 'errors', 'validation']);
  const navigate = useNavigate();
  const review = useReviewCandidate();
  const convert = useConvertCandidate();
  const uploadContract = useUploadContract();
  const classes = useItcClasses();
  const [comment, setComment] = useState('');
  const [classId, setClassId] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A class is full when every seat is taken (the candidate's own seat in it does not count).
  const isFull = (c: ItcClass) => c.enrolled - (candidate.itcClass?.id === c.id ? 1 : 0) >= c.capacity;
  const firstOpen = classes.data?.items.find((c) => !isFull(c));
  const missing = missingForConversion({
    documentTypes: candidate.documents.map((d) => d.documentType),
    examResult: candidate.exam?.result ?? null,
    ircLicenceNumber: candidate.ircLicenceNumber,
  });
  const act = async (action: 'approve' | 'return' | 'assignItc') => {
    setProblem(null);
    try {
      await review.mutateAsync({
        candidateId: candidate.id,
        version: candidate.version,
        action,
        ...(action === 'return' ? { comment } : {}),
        ...(action === 'assignItc' ? { itcClassId: classId || firstOpen?.id || '' } : {}),
      });
      if (action === 'approve') await navigate(`/home/recruitment/approve-successfully?candidateNumber=${candidate.candidateNumber}`);
    } catch (error) {
      setProblem(errorText(error));
      // The seats may have been taken meanwhile: show the classes as they are now.
      if (action === 'assignItc') void classes.refetch();
    }
  };
  return (
    <Card withBorder padding="md" data-testid="admin-actions">
      <Stack gap="sm">
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {problem}
          </Alert>
        ) : null}
        {candidate.status === 'submitted' ? (
          <>
            <BusyButton
              onClick={() => {
                if (window.confirm(t('recruitment:confirm_approve'))) void act('approve');
              }}
              busy={review.isPending}
              data-testid="approve"
            >
              {t('recruitment:approve')}
            </BusyButton>
            <Textarea
              label={t('recruitment:return_comment')}
              value={comment}
              onChange={(e) => setComment(e.currentTarget.value)}
              maxLength={300}
            />
            <Button
              variant="default"
              color="orange"
              disabled={comment.trim() === ''}
              onClick={() => {
                if (window.confirm(t('recruitment:confirm_return'))) void act('return');
              }}
            >
              {t('recruitment:return')}
            </Button>
          </>
        ) : null}
        {candidate.status === 'approved' || candidate.status === 'itc_assigned' || candidate.status === 'exam_failed' ? (
          <>
            <NativeSelect
              label={t('recruitment:itc_class')}
              value={classId}
              onChange={(e) => setClassId(e.currentTarget.value)}
              data-testid="itc-select"
              data={(classes.data?.items ?? []).map((c) => ({
                value: c.id,
                disabled: isFull(c),
                label: `${c.code} · ${formatDisplayDate(c.startDate)} · ${c.enrolled}/${c.capacity}${isFull(c) ? ` (${t('recruitment:itc_full')})` : ''}`,
              }))}
            />
            <BusyButton onClick={() => void act('assignItc')} busy={review.isPending} disabled={!firstOpen} data-testid="assign-itc">
              {t('recruitment:assign_itc')}
            </BusyButton>
          </>
        ) : null}
        {candidate.status !== 'draft' && candidate.status !== 'returned' && candidate.status !== 'submitted' ? (
          <FileUpload
            label={t('recruitment:countersigned_upload')}
            fields={{ candidateId: candidate.id }}
            upload={uploadContract as never}
            testId="upload-countersigned"
          />
        ) : null}
        {candidate.status === 'exam_passed' ? (
          <Button
            component={Link}
            to={`/home/recruitment/upload-irc?candidateNumber=${candidate.candidateNumber}`}
            data-testid="go-upload-irc"
          >
            {t('recruitment:upload_irc_title')}
          </Button>
        ) : null}
        {candidate.status === 'licensed' && missing.length > 0 ? (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlert />}
            title={t('recruitment:conversion_missing_title')}
            data-testid="conversion-missing"
          >
            <Stack gap={2} component="ul" m={0} pl="md">
              {missing.map((m) => (
                <Text key={m} size="sm" component="li">
                  {t(`validation:conversion_missing_${m}`)}
                </Text>
              ))}
            </Stack>
          </Alert>
        ) : null}
        {candidate.status === 'licensed' ? (
          <BusyButton
            disabled={missing.length > 0}
            onClick={() => {
              if (window.confirm(t('recruitment:confirm_convert')))
                convert.mutate(candidate.id, { onError: (e) => setProblem(errorText(e)) });
            }}
            busy={convert.isPending}
            data-testid="convert"
          >
            {t('recruitment:convert')}
          </BusyButton>
        ) : null}
        {candidate.status === 'converted' && candidate.traineeUserId ? (
          <Alert color="green" variant="light" icon={<IconCheck />} data-testid="converted">
            {t('recruitment:converted_text', { username: candidate.traineeUsername ?? '', code: candidate.agentCode ?? '' })}{' '}
            <Anchor component={Link} to={`/home/recruitment/agent/product-permission?agentId=${candidate.traineeUserId}`}>
              {t('recruitment:product_permission_title')}
            </Anchor>
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

/** application-view: one candidate for recruiters: details, documents, stage history, the admin's actions. */
export function ApplicationViewScreen() {
  const { t } = useTranslation(['recruitment']);
  const [params] = useSearchParams();
  const { user } = useSession();
  const number = params.get('candidateNumber');
  const query = useCandidateForm(number);
  const admin = user?.roles.includes('ROLE_AA') ?? false;
  return (
    <>
      <PageHeader titleKey="recruitment:application_view_title" />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="md">
          <Group gap="sm">
            <Text fw={700} size="lg">
              {query.data.firstName} {query.data.lastName}
            </Text>
            <Text c="dimmed">{query.data.candidateNumber}</Text>
            <StatusBadge status={query.data.status} />
          </Group>
          <Details candidate={query.data} />
          {admin ? <AdminActions candidate={query.data} /> : null}
          <Group gap="sm">
            {query.data.status === 'draft' || query.data.status === 'returned' ? (
              <Button
                component={Link}
                variant="default"
                to={`/home/recruitment/application-detail?candidateNumber=${query.data.candidateNumber}&mode=updateRecruitmentApp`}
              >
                {t('recruitment:edit_application')}
              </Button>
            ) : null}
            <Button
              variant="default"
              onClick={() =>
                void downloadFile(
                  '/api/candidate/v1/contract/download',
                  { candidateId: query.data.id, lang: currentLanguage() },
                  `contract-${query.data.candidateNumber}.pdf`,
                )
              }
            >
              {t('recruitment:download_contract')}
            </Button>
          </Group>
          <Documents candidate={query.data} />
          <HistoryTable history={query.data.history} />
        </Stack>
      )}
    </>
  );
}

/** application-detail: a recruiter completes or updates the form (mode=updateRecruitmentApp). */
export function ApplicationDetailScreen() {
  const [params] = useSearchParams();
  const query = useCandidateForm(params.get('candidateNumber'));
  return (
    <>
      <PageHeader titleKey="recruitment:application_detail_title" />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <CandidateForm candidate={query.data} />
      )}
    </>
  );
}

/** application-detail-item: one section of an application, its stage history. */
export function ApplicationDetailItemScreen() {
  const [params] = useSearchParams();
  const query = useCandidateForm(params.get('candidateNumber'));
  return (
    <>
      <PageHeader titleKey="recruitment:application_detail_item_title" />
      {query.isPending ? <Loading /> : query.isError ? <LoadError error={query.error} /> : <HistoryTable history={query.data.history} />}
    </>
  );
}

export function ApproveSuccessScreen() {
  const { t } = useTranslation(['recruitment']);
  const [params] = useSearchParams();
  const number = params.get('candidateNumber') ?? '';
  // Success only for an application that really was approved (not for any typed number).
  const candidate = useCandidateForm(number, number !== '');
  const approved = candidate.data !== undefined && isApprovedOrLater(candidate.data.status);
  return (
    <>
      {approved ? (
        <ThemeIcon color="green" variant="light" size={48} radius="xl" mb="sm">
          <IconCheck size={26} />
        </ThemeIcon>
      ) : null}
      <PageHeader titleKey="recruitment:approve_success_title" />
      <Stack gap="md" align="flex-start">
        {candidate.isPending && number ? (
          <Loading />
        ) : approved ? (
          <Text data-testid="approve-success">{t('recruitment:approve_success_text', { number })}</Text>
        ) : (
          <Alert variant="light" color="yellow" icon={<IconAlert />} data-testid="approve-not-approved">
            {t('recruitment:approve_not_approved')}
          </Alert>
        )}
        {number ? (
          <Button component={Link} to={`/home/recruitment/application-view?candidateNumber=${number}`}>
            {t('recruitment:open_application')}
          </Button>
        ) : null}
      </Stack>
    </>
  );
}
