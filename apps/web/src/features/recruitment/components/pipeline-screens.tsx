import { memo, useDeferredValue, useState } from 'react';
import { Alert, Anchor, Button, Card, Checkbox, Group, List, Stack, Table, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PERMISSION_PRODUCT_CODES } from '@portal/domain/contracts/candidates/agent-products';
import type { Candidate, CandidateSummary } from '@portal/domain/contracts/candidates/candidate';
import { EXAM_HEADER_KEYS, EXAM_MAX_ROWS, examErrorPlace, type ExamUploadResponse } from '@portal/domain/contracts/candidates/exam-results';
import { IRC_LICENCE_PATTERN } from '@portal/domain/contracts/candidates/candidate';
import type { ProductCode } from '@portal/domain/codes/products';
import { productName } from '../../../lib/product-name';
import { isApplicant } from '@portal/domain/codes/roles';
import { SEARCH_DEBOUNCE_MS } from '@portal/domain/constants/ui';
import { formatDisplayDate } from '@portal/domain/format/date';
import { isSearchable, normaliseSearchTerm } from '@portal/domain/rules/search';
import { IconAlert, IconCheck } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { isApiError } from '../../../lib/api-client';
import { currentLanguage } from '../../../lib/i18n';
import { roleLabelKeys } from '../../../lib/role-labels';
import { useRoles } from '../../../lib/session';
import { useCandidateForm } from '../api/find-candidate';
import { useFindCandidates, useIrcList } from '../api/find-candidates';
import { downloadFile, useUploadExamResults, useUploadIrc } from '../api/files';
import { useAgentProducts, useAgents, useItcClasses } from '../api/reference-data';
import { useSaveAgentProducts } from '../api/update-candidate';
import { Empty, HistoryTable, Loading, LoadError, StatusBadge } from './candidate-parts';
import { FileUpload } from './file-upload';
import { BusyButton } from '../../../components/ui/busy-button';

export function ItcClassScreen() {
  const { t } = useTranslation(['recruitment']);
  const classes = useItcClasses();
  return (
    <>
      <PageHeader titleKey="recruitment:itc_class_title" subtitle={t('recruitment:itc_class_text')} />
      {classes.isPending ? (
        <Loading />
      ) : classes.isError ? (
        <LoadError error={classes.error} />
      ) : classes.data.items.length === 0 ? (
        <Empty description={t('recruitment:itc_class_empty')} />
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped data-testid="itc-classes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recruitment:itc_code')}</Table.Th>
                <Table.Th>{t('recruitment:itc_dates')}</Table.Th>
                <Table.Th>{t('recruitment:itc_location')}</Table.Th>
                <Table.Th>{t('recruitment:itc_enrolled')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {classes.data.items.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.code}</Table.Td>
                  <Table.Td>
                    {formatDisplayDate(c.startDate)} – {formatDisplayDate(c.endDate)}
                  </Table.Td>
                  {/* The venue as the agency names it (not translated). */}
                  <Table.Td translate="no">{c.location}</Table.Td>
                  <Table.Td>
                    {c.enrolled}/{c.capacity}
                  </Table.Td>
                  <Table.Td>
                    <Anchor
                      component="button"
                      type="button"
                      onClick={() =>
                        void downloadFile('/api/support/v1/enrollment/download', { itcClassId: c.id }, `itc-enrollment-${c.code}.csv`)
                      }
                    >
                      {t('recruitment:download_enrollment')}
                    </Anchor>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}

/** The message of a file-level upload error (the file, or a column of its header), translated. */
function fileErrorText(
  error: { field: string; key: string },
  column: string | null,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  switch (error.key) {
    case EXAM_HEADER_KEYS.none:
      return t('validation:exam_header_none');
    case EXAM_HEADER_KEYS.missing:
      return t('validation:exam_header_missing', { column });
    case EXAM_HEADER_KEYS.unknown:
      return t('validation:exam_header_unknown', { column });
    case EXAM_HEADER_KEYS.duplicate:
      return t('validation:exam_header_duplicate', { column });
    case 'max':
      return t('recruitment:exam_file_too_many_rows', { max: EXAM_MAX_ROWS });
    case 'required':
      return t('recruitment:exam_file_empty');
    default:
      return t('recruitment:exam_file_unreadable');
  }
}

/** upload-itc-exam-result: the template (CSV or XLSX), then the filled file; problems of the file (its header) listed, then bad rows; nothing applied. */
export function UploadExamResultScreen() {
  const { t } = useTranslation(['recruitment', 'validation', 'errors']);
  const upload = useUploadExamResults();
  const [result, setResult] = useState<ExamUploadResponse | null>(null);
  const [errors, setErrors] = useState<{ field: string; key: string }[]>([]);
  const placed = errors.map((e) => ({ error: e, place: examErrorPlace(e.field) }));
  const fileErrors = placed.flatMap(({ error, place }) => (place.level === 'file' ? [{ error, column: place.column }] : []));
  const rowErrors = placed.flatMap(({ error, place }) => (place.level === 'row' ? [{ error, row: place.row, column: place.column }] : []));
  return (
    <>
      <PageHeader titleKey="recruitment:upload_itc_exam_result_title" subtitle={t('recruitment:exam_upload_text')} />
      <Stack gap="md" maw={720}>
        <Group gap="sm">
          <Button
            variant="default"
            onClick={() => void downloadFile('/api/support/v1/exam/download/template', { format: 'csv' }, 'itc-exam-results.csv')}
          >
            {t('recruitment:template_csv')}
          </Button>
          <Button
            variant="default"
            onClick={() => void downloadFile('/api/support/v1/exam/download/template', { format: 'xlsx' }, 'itc-exam-results.xlsx')}
          >
            {t('recruitment:template_xlsx')}
          </Button>
          <Button variant="subtle" onClick={() => void downloadFile('/api/support/v1/licenses/download', {}, 'irc-licences.csv')}>
            {t('recruitment:download_licences')}
          </Button>
          <Button
            variant="subtle"
            onClick={() => void downloadFile('/api/support/v1/exam/download/agent', {}, 'itc-exam-results-agents.csv')}
          >
            {t('recruitment:download_exam_results')}
          </Button>
        </Group>
        <FileUpload
          label={t('recruitment:exam_file')}
          kind="sheet"
          fields={{}}
          upload={upload as never}
          testId="exam-upload"
          onDone={(r: ExamUploadResponse) => {
            setErrors([]);
            setResult(r);
          }}
          onFailed={(e) => {
            setResult(null);
            setErrors(isApiError(e) && e.status === 422 ? (e.errors ?? []) : []);
          }}
        />
        {result ? (
          <Alert color="green" variant="light" icon={<IconCheck />} data-testid="exam-result">
            {t('recruitment:exam_applied', { applied: result.applied, passed: result.passed, failed: result.failed })}
          </Alert>
        ) : null}
        {fileErrors.length > 0 ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlert />}
            title={t('recruitment:exam_file_problems')}
            data-testid="exam-file-errors"
          >
            <List size="sm" spacing={2}>
              {fileErrors.map(({ error, column }) => (
                <List.Item key={`${error.field}-${error.key}`}>{fileErrorText(error, column, t)}</List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {rowErrors.length > 0 ? (
          <Table data-testid="exam-row-errors">
            <caption>
              <Text size="sm" fw={600} ta="left">
                {t('recruitment:exam_nothing_applied')}
              </Text>
            </caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('recruitment:exam_row')}</Table.Th>
                <Table.Th>{t('recruitment:exam_column')}</Table.Th>
                <Table.Th>{t('recruitment:exam_problem')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rowErrors.map(({ error, row, column }) => (
                <Table.Tr key={`${error.field}-${error.key}`}>
                  <Table.Td>{row}</Table.Td>
                  <Table.Td>{column}</Table.Td>
                  <Table.Td>{t(`validation:${error.key}`, { defaultValue: t('validation:invalid') })}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
      </Stack>
    </>
  );
}

function CandidateRows({ items, action }: { items: CandidateSummary[]; action: (c: CandidateSummary) => React.ReactNode }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="irc-list">
      {items.map((c) => (
        <Card key={c.id} withBorder padding="sm" component="li">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text fw={600}>
                {c.firstName} {c.lastName}
              </Text>
              <Text size="sm" c="dimmed">
                {c.candidateNumber}
                {c.ircLicenceNumber ? ` · IRC ${c.ircLicenceNumber}` : ''}
              </Text>
            </Stack>
            <Group gap="xs">
              <StatusBadge status={c.status} />
              {action(c)}
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** irc-list and search-irc: who waits for an IRC licence, who has one. */
export function IrcListScreen({ titleKey = 'recruitment:irc_list_title' }: { titleKey?: string }) {
  const { t } = useTranslation(['recruitment']);
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(normaliseSearchTerm(term), SEARCH_DEBOUNCE_MS);
  // The list redraws only when the applied term changes, at a lower priority than the search box.
  const search = useDeferredValue(isSearchable(debounced) ? debounced : '');
  return (
    <>
      <PageHeader titleKey={titleKey} />
      <TextInput
        mb="md"
        type="search"
        label={t('recruitment:search_label')}
        description={t('recruitment:search_hint')}
        value={term}
        onChange={(e) => setTerm(e.currentTarget.value)}
        maw={420}
      />
      <IrcResults search={search} />
    </>
  );
}

const IrcResults = memo(function IrcResults({ search }: { search: string }) {
  const { t } = useTranslation(['recruitment']);
  const list = useIrcList(search);
  return (
    <>
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} />
      ) : list.data.items.length === 0 ? (
        <Empty description={t('recruitment:irc_list_empty')} />
      ) : (
        <CandidateRows
          items={list.data.items}
          action={(c) =>
            c.status === 'exam_passed' ? (
              <Button size="xs" component={Link} to={`/home/recruitment/upload-irc?candidateNumber=${c.candidateNumber}`}>
                {t('recruitment:upload_irc_title')}
              </Button>
            ) : c.status === 'licensed' || c.status === 'converted' ? (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => void downloadFile('/api/candidate/v1/irc/download', { candidateId: c.id }, `irc-${c.candidateNumber}.pdf`)}
              >
                {t('recruitment:download_irc')}
              </Anchor>
            ) : null
          }
        />
      )}
    </>
  );
});

function IrcUploadForm({ candidate, doneTo }: { candidate: Candidate; doneTo: string }) {
  const { t } = useTranslation(['recruitment', 'validation']);
  const navigate = useNavigate();
  const upload = useUploadIrc();
  const [licence, setLicence] = useState(candidate.ircLicenceNumber ?? '');
  const valid = IRC_LICENCE_PATTERN.test(licence.trim());
  if (candidate.status !== 'exam_passed' && candidate.status !== 'licensed')
    return <Alert variant="light">{t('recruitment:irc_not_ready')}</Alert>;
  return (
    <Stack maw={560} data-testid="irc-upload-form">
      <Text>
        {candidate.firstName} {candidate.lastName} · {candidate.candidateNumber}
      </Text>
      <TextInput
        label={t('recruitment:irc_licence')}
        description={t('recruitment:irc_licence_hint')}
        required
        value={licence}
        onChange={(e) => setLicence(e.currentTarget.value)}
        error={licence && !valid ? t('validation:pattern') : undefined}
      />
      <FileUpload
        label={t('recruitment:irc_file')}
        fields={{ candidateId: candidate.id, licenceNumber: licence.trim() }}
        upload={upload as never}
        disabled={!valid}
        testId="irc-upload"
        onDone={() => void navigate(doneTo)}
      />
    </Stack>
  );
}

/**
 * upload-irc (agency admin, any candidate of the agency) and upload-my-irc (an advisor's own
 * recruits; for a candidate, their own licence).
 */
export function UploadIrcScreen({ titleKey = 'recruitment:upload_irc_title' }: { titleKey?: string }) {
  const applicant = isApplicant(useRoles());
  return applicant ? <OwnIrcUpload titleKey={titleKey} /> : <RecruiterIrcUpload titleKey={titleKey} />;
}

/** The candidate's own licence: their own record, back to their recruitment page after. */
function OwnIrcUpload({ titleKey }: { titleKey: string }) {
  const own = useCandidateForm(null);
  return (
    <>
      <PageHeader titleKey={titleKey} />
      {own.isPending ? (
        <Loading />
      ) : own.isError ? (
        <LoadError error={own.error} />
      ) : (
        <IrcUploadForm candidate={own.data} doneTo="/home/recruitment" />
      )}
    </>
  );
}

function RecruiterIrcUpload({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(['recruitment']);
  const [params] = useSearchParams();
  const number = params.get('candidateNumber');
  const query = useCandidateForm(number);
  const waiting = useFindCandidates({ status: 'exam_passed' });
  return (
    <>
      <PageHeader titleKey={titleKey} />
      {!number ? (
        waiting.isPending ? (
          <Loading />
        ) : waiting.isError ? (
          <LoadError error={waiting.error} />
        ) : waiting.data.items.length === 0 ? (
          <Empty description={t('recruitment:upload_irc_empty')} />
        ) : (
          <CandidateRows
            items={waiting.data.items}
            action={(c) => (
              <Button size="xs" component={Link} to={`?candidateNumber=${c.candidateNumber}`}>
                {t('recruitment:choose')}
              </Button>
            )}
          />
        )
      ) : query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} />
      ) : (
        <IrcUploadForm candidate={query.data} doneTo={`/home/recruitment/application-view?candidateNumber=${query.data.candidateNumber}`} />
      )}
    </>
  );
}

/** agent: the agency's advisors and trainees, each with the products they may sell. */
export function AgentScreen() {
  const { t } = useTranslation(['recruitment', 'common']);
  const list = useAgents();
  const km = currentLanguage() === 'km';
  return (
    <>
      <PageHeader titleKey="recruitment:agent_title" subtitle={t('recruitment:agent_text')} />
      {list.isPending ? (
        <Loading />
      ) : list.isError ? (
        <LoadError error={list.error} />
      ) : list.data.items.length === 0 ? (
        <Empty description={t('recruitment:agent_empty')} />
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="agent-list">
          {list.data.items.map((agent) => (
            <Card key={agent.id} withBorder padding="sm" component="li" data-testid="agent-row">
              <Stack gap={6}>
                <div>
                  <Text fw={600} translate="no" lang={km && agent.displayNameKh ? 'km' : undefined}>
                    {km && agent.displayNameKh ? agent.displayNameKh : agent.displayName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {[
                      roleLabelKeys(agent.roles)
                        .map((key) => t(key))
                        .join(', '),
                      agent.agentCode ? `${t('recruitment:agent_code')} ${agent.agentCode}` : null,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                  <Text size="sm" data-testid="agent-products">
                    {!agent.restricted
                      ? t('recruitment:agent_products_all')
                      : agent.productCount === 0
                        ? t('recruitment:agent_products_none')
                        : t('recruitment:agent_products_some', { count: agent.productCount })}
                  </Text>
                </div>
                <Group gap="xs">
                  <Button size="xs" component={Link} to={`/home/recruitment/agent/product-permission?agentId=${agent.id}`}>
                    {t('recruitment:product_permission_title')}
                  </Button>
                  <Button size="xs" variant="default" component={Link} to={`/home/recruitment/agent-codes-history?agentId=${agent.id}`}>
                    {t('recruitment:agent_codes_history_title')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}

/** agent/product-permission: which products the agent may sell; saving goes to the successful or failed screen. */
export function ProductPermissionScreen() {
  const { t } = useTranslation(['recruitment']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const agentId = params.get('agentId');
  const agent = useAgentProducts(agentId);
  const save = useSaveAgentProducts();
  const [chosen, setChosen] = useState<string[] | null>(null);
  if (!agentId)
    return (
      <>
        <PageHeader titleKey="recruitment:product_permission_title" />
        <Empty description={t('recruitment:product_permission_empty')} />
      </>
    );
  const current = chosen ?? (agent.data ? (agent.data.restricted ? agent.data.productCodes : [...PERMISSION_PRODUCT_CODES]) : []);
  return (
    <>
      <PageHeader titleKey="recruitment:product_permission_title" />
      {agent.isPending ? (
        <Loading />
      ) : agent.isError ? (
        <LoadError error={agent.error} />
      ) : (
        <Stack maw={560} data-testid="product-permission">
          <Text fw={600} translate="no">
            {[agent.data.agent.displayName, agent.data.agent.agentCode].filter(Boolean).join(' · ')}
          </Text>
          <Text size="sm" c="dimmed">
            {agent.data.restricted ? t('recruitment:permission_restricted') : t('recruitment:permission_all')}
          </Text>
          <Checkbox.Group value={current} onChange={setChosen} label={t('recruitment:permission_products')}>
            <Stack gap="xs" mt="xs">
              {PERMISSION_PRODUCT_CODES.map((code) => (
                <Checkbox key={code} value={code} label={productName(t, code)} />
              ))}
            </Stack>
          </Checkbox.Group>
          <BusyButton
            w="fit-content"
            busy={save.isPending}
            data-testid="save-permissions"
            onClick={() =>
              save.mutate(
                { agentUserId: agentId, productCodes: current as ProductCode[], version: agent.data.version },
                {
                  onSuccess: () => void navigate(`/home/recruitment/agent/product-permission/successful?agentId=${agentId}`),
                  onError: () => void navigate(`/home/recruitment/agent/product-permission/failed?agentId=${agentId}`),
                },
              )
            }
          >
            {t('recruitment:save_permissions')}
          </BusyButton>
        </Stack>
      )}
    </>
  );
}

export function ProductPermissionOutcomeScreen({ ok }: { ok: boolean }) {
  const { t } = useTranslation(['recruitment']);
  const [params] = useSearchParams();
  const agentId = params.get('agentId') ?? '';
  return (
    <>
      <ThemeIcon color={ok ? 'green' : 'red'} variant="light" size={48} radius="xl" mb="sm">
        {ok ? <IconCheck size={26} /> : <IconAlert size={26} />}
      </ThemeIcon>
      <PageHeader titleKey={ok ? 'recruitment:product_permission_successful_title' : 'recruitment:product_permission_failed_title'} />
      <Stack align="flex-start">
        <Text data-testid="permission-outcome">
          {t(ok ? 'recruitment:product_permission_successful_empty' : 'recruitment:product_permission_failed_empty')}
        </Text>
        <Button
          component={Link}
          to={agentId ? `/home/recruitment/agent/product-permission?agentId=${agentId}` : '/home/recruitment/agent'}
          variant="default"
        >
          {t(ok ? 'recruitment:back_to_agent' : 'recruitment:try_again')}
        </Button>
      </Stack>
    </>
  );
}

export function AgentCodesHistoryScreen() {
  const { t } = useTranslation(['recruitment']);
  const [params] = useSearchParams();
  const agentId = params.get('agentId');
  const agent = useAgentProducts(agentId);
  return (
    <>
      <PageHeader titleKey="recruitment:agent_codes_history_title" />
      {!agentId ? (
        <Empty description={t('recruitment:agent_codes_history_empty')} />
      ) : agent.isPending ? (
        <Loading />
      ) : agent.isError ? (
        <LoadError error={agent.error} />
      ) : (
        <Table data-testid="agent-codes">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('recruitment:agent_code')}</Table.Th>
              <Table.Th>{t('recruitment:valid_from')}</Table.Th>
              <Table.Th>{t('recruitment:valid_to')}</Table.Th>
              <Table.Th>{t('recruitment:code_reason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agent.data.codes.map((c) => (
              <Table.Tr key={`${c.agentCode}-${c.validFrom}`}>
                <Table.Td>{c.agentCode}</Table.Td>
                <Table.Td>{formatDisplayDate(c.validFrom.slice(0, 10))}</Table.Td>
                <Table.Td>{c.validTo ? formatDisplayDate(c.validTo.slice(0, 10)) : t('recruitment:current')}</Table.Td>
                <Table.Td>{c.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </>
  );
}

export function CodeOfConductScreen() {
  const { t } = useTranslation(['recruitment']);
  const [params] = useSearchParams();
  const number = params.get('candidateNumber');
  return (
    <>
      <PageHeader titleKey="recruitment:code_of_conduct_title" />
      <Stack maw={720}>
        <Text>{t('recruitment:coc_intro')}</Text>
        <List spacing="xs">
          {(['recruitment:coc_1', 'recruitment:coc_2', 'recruitment:coc_3', 'recruitment:coc_4', 'recruitment:coc_5'] as const).map((k) => (
            <List.Item key={k}>{t(k)}</List.Item>
          ))}
        </List>
        <Button
          component={Link}
          to={number ? '/home/recruitment/recruitment-new-candidate?mode=verifyTokenLink' : '/home/recruitment'}
          variant="default"
          w="fit-content"
        >
          {t('recruitment:back_to_form')}
        </Button>
      </Stack>
    </>
  );
}

export function ReviewContractScreen() {
  const { t } = useTranslation(['recruitment']);
  const [params] = useSearchParams();
  const query = useCandidateForm(params.get('candidateNumber'));
  return (
    <>
      <PageHeader titleKey="recruitment:review_contract_title" />
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError error={query.error} />
      ) : (
        <Stack maw={720}>
          <Text>{t('recruitment:contract_intro')}</Text>
          <Button
            w="fit-content"
            onClick={() =>
              void downloadFile(
                '/api/candidate/v1/contract/download',
                { candidateId: query.data.id, lang: currentLanguage() },
                `contract-${query.data.candidateNumber}.pdf`,
              )
            }
            data-testid="download-contract"
          >
            {t('recruitment:download_contract')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('recruitment:contract_sign_hint')}
          </Text>
          <HistoryTable history={query.data.history} />
        </Stack>
      )}
    </>
  );
}
