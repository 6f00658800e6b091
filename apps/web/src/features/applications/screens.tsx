import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@portal/domain/constants/ui';
import { normaliseSearchTerm, isSearchable } from '@portal/domain/rules/search';
import { PageHeader } from '../../components/ui/page-header';
import { isApiError } from '../../lib/api-client';
import { translateErrorKey } from '../../lib/i18n';
import type { ScreenComponents } from '../../lib/screen-route';
import { useCreateApplication } from './api/create-application';
import { useApplication } from './api/find-application';
import { useDocuments } from './api/find-documents';
import { useCatalogueName } from './api/find-products';
import { useProposalsToApply } from './api/find-proposals';
import { useOpenApplicationForm } from './api/open-application-form';
import { ApplicationList } from './components/application-list';
import { SubmittedView } from './components/submitted-view';
import { ApplicationWizard } from './components/wizard';
import { CustomerSignPage } from './components/customer-sign';
import { BusyButton } from '../../components/ui/busy-button';

function errorText(error: unknown): string {
  return translateErrorKey(isApiError(error) ? error.messageKey : 'system_error');
}

/** Start an application from one of the caller's saved proposals (also `?proposalId=` from the proposal screens). */
function ApplicationsHome() {
  const { t } = useTranslation(['applications', 'common', 'errors']);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const create = useCreateApplication();
  const proposals = useProposalsToApply();
  const started = useRef(false);
  const start = (proposalId: string) =>
    create.mutate(proposalId, {
      // Replace: Back must not return to the ?proposalId= page, which would create another application.
      onSuccess: (app) => void navigate(`/home/application/detail?applicationId=${encodeURIComponent(app.id)}`, { replace: true }),
    });
  const fromLink = params.get('proposalId');
  useEffect(() => {
    if (fromLink && !started.current) {
      started.current = true;
      start(fromLink);
    }
  });
  return (
    <>
      <PageHeader
        titleKey="applications:title"
        subtitle={t('applications:empty')}
        actions={
          <Group gap="xs">
            <Button component={Link} to="/home/application/application-list" variant="default">
              {t('applications:list_title')}
            </Button>
            <Button component={Link} to="/home/application/search" variant="default">
              {t('applications:search_title')}
            </Button>
          </Group>
        }
      />
      {create.isError ? (
        <Alert color="red" variant="light" role="alert" mb="md">
          {errorText(create.error)}
        </Alert>
      ) : null}
      <Title order={2} size="h4" mb="sm">
        {t('applications:start_title')}
      </Title>
      {proposals.isPending ? (
        <Skeleton height={80} radius="md" />
      ) : proposals.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(proposals.error)}
        </Alert>
      ) : proposals.data.items.length === 0 ? (
        <Text c="dimmed">{t('applications:no_proposals')}</Text>
      ) : (
        <Stack gap="sm" data-testid="proposals-to-apply">
          {proposals.data.items.map((p) => (
            <Card key={p.id} withBorder radius="md" padding="sm">
              <Group justify="space-between" wrap="nowrap">
                <Stack gap={2} miw={0}>
                  <Text fw={600} truncate="end">
                    {p.lifeInsuredName}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {p.proposalNumber}
                  </Text>
                </Stack>
                <BusyButton
                  size="sm"
                  onClick={() => start(p.id)}
                  busy={create.isPending && create.variables === p.id}
                  data-testid={`apply-${p.proposalNumber}`}
                >
                  {t('applications:start_from_proposal')}
                </BusyButton>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </>
  );
}

function ApplicationListScreen() {
  const { t } = useTranslation(['applications']);
  // A dashboard figure opens the list filtered: ?status=P|S.
  const [params] = useSearchParams();
  const [status, setStatus] = useState(() => (['P', 'S'].includes(params.get('status') ?? '') ? (params.get('status') ?? '') : ''));
  return (
    <>
      <PageHeader
        titleKey="applications:list_title"
        actions={
          <Button component={Link} to="/home/application">
            {t('applications:new_application')}
          </Button>
        }
      />
      <SegmentedControl
        mb="md"
        value={status}
        onChange={setStatus}
        aria-label={t('applications:status_filter')}
        data={[
          { value: '', label: t('applications:status_all') },
          { value: 'P', label: t('applications:status_P') },
          { value: 'S', label: t('applications:status_S') },
        ]}
      />
      <ApplicationList q="" status={status} />
    </>
  );
}

function ApplicationSearchScreen() {
  const { t } = useTranslation(['applications']);
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const id = setTimeout(() => setTerm(normaliseSearchTerm(typed)), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(id);
  }, [typed]);
  const ok = isSearchable(term);
  return (
    <>
      <PageHeader titleKey="applications:search_title" />
      <TextInput
        type="search"
        label={t('applications:search_label')}
        description={t('applications:search_empty')}
        value={typed}
        onChange={(e) => setTyped(e.currentTarget.value)}
        mb="md"
        data-testid="application-search"
      />
      {ok ? <ApplicationList q={term} status="" /> : <Text c="dimmed">{t('applications:search_hint')}</Text>}
    </>
  );
}

function useApplicationId(): string {
  return useSearchParams()[0].get('applicationId') ?? '';
}

function ApplicationDetailScreen() {
  const { t } = useTranslation(['applications', 'common', 'errors']);
  const id = useApplicationId();
  const app = useApplication(id);
  const documents = useDocuments(id);
  const name = useCatalogueName();
  const failed = app.isError ? app.error : documents.isError ? documents.error : null;
  return (
    <>
      <PageHeader
        titleKey="applications:detail_title"
        subtitle={app.data ? `${app.data.applicationNumber} · ${name('product', app.data.product.productCode)}` : undefined}
      />
      {failed ? (
        <Alert color={isApiError(failed) && failed.status === 404 ? 'yellow' : 'red'} variant="light" role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{isApiError(failed) && failed.status === 404 ? t('applications:not_found') : errorText(failed)}</Text>
            <Button component={Link} to="/home/application/application-list" size="xs" variant="light">
              {t('applications:back_to_list')}
            </Button>
          </Stack>
        </Alert>
      ) : app.data && documents.data ? (
        app.data.status === 'S' ? (
          <SubmittedView app={app.data} documents={documents.data.items} />
        ) : (
          <ApplicationWizard key={app.data.id} app={app.data} documents={documents.data.items} />
        )
      ) : (
        <Stack gap="sm" role="status" aria-label={t('common:loading')}>
          <Skeleton height={40} />
          <Skeleton height={240} radius="md" />
        </Stack>
      )}
    </>
  );
}

function ApplicationCreateSuccessScreen() {
  const { t } = useTranslation(['applications']);
  const id = useApplicationId();
  const app = useApplication(id);
  const open = useOpenApplicationForm(id, `${app.data?.applicationNumber ?? 'application'}.pdf`);
  return (
    <>
      <PageHeader titleKey="applications:create_success_title" subtitle={t('applications:create_success_empty')} />
      {app.data ? (
        <Stack gap="md" align="flex-start" data-testid="submit-success">
          <Text>{t('applications:success_number', { number: app.data.applicationNumber })}</Text>
          <Group>
            <BusyButton
              onClick={() => open.mutate(app.data.submission?.language ?? 'en')}
              busy={open.isPending}
              data-testid="open-application-form"
            >
              {t('applications:open_form')}
            </BusyButton>
            <Button component={Link} to="/home/application/application-list" variant="default">
              {t('applications:back_to_list')}
            </Button>
          </Group>
          {open.isError ? (
            <Alert color="red" variant="light" role="alert">
              {errorText(open.error)}
            </Alert>
          ) : null}
        </Stack>
      ) : app.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorText(app.error)}
        </Alert>
      ) : (
        <Skeleton height={80} />
      )}
    </>
  );
}

/** Applications area (spec §2). */
/** A signer's page, opened from the SMS the advisor sent for a remote signature: no account. */
function CustomerSignScreen() {
  return (
    <>
      <PageHeader titleKey="applications:customer_sign_title" />
      <CustomerSignPage />
    </>
  );
}

export const screens: ScreenComponents = {
  'customer-sign': CustomerSignScreen,
  applications: ApplicationsHome,
  'application-list': ApplicationListScreen,
  'application-detail': ApplicationDetailScreen,
  'application-search': ApplicationSearchScreen,
  'application-create-success': ApplicationCreateSuccessScreen,
};
