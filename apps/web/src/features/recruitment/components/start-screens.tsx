import { useState } from 'react';
import { Alert, Button, Card, SimpleGrid, Stack, Text, TextInput, ThemeIcon, NativeSelect } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApplicant } from '@portal/domain/codes/roles';
import { canUseScreen } from '@portal/domain/screen-access';
import { SCREENS, type Screen } from '@portal/domain/screens';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GENDERS } from '@portal/domain/codes/client';
import { IDENTIFICATION_TYPES } from '@portal/domain/codes/identification-types';
import { isRecruitmentMode } from '@portal/domain/codes/recruitment-modes';
import { INELIGIBLE_REASONS, type IneligibleReason } from '@portal/domain/contracts/candidates/candidate';
import {
  candidateInitSchema,
  requestLinkSchema,
  type CandidateInitInput,
  type RequestLinkInput,
} from '@portal/domain/contracts/candidates/candidate-fields';
import { IconAlert, IconCheck, IconUserPlus } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { isApiError } from '../../../lib/api-client';
import { translateFormError } from '../../../lib/i18n';
import { useRoles } from '../../../lib/session';
import { useCandidateForm } from '../api/find-candidate';
import { findExisting, useInitCandidate, useRequestLink } from '../api/start-candidate';
import { errorText, Loading, LoadError } from './candidate-parts';
import { CandidateForm } from './candidate-form';
import { ID_TYPE_LABELS, INELIGIBLE_LABELS } from './labels';
import { BusyButton } from '../../../components/ui/busy-button';

const initSchema = candidateInitSchema();
const err = (message: string | undefined) => (message ? translateFormError(message) : undefined);

/** A 409 `ineligible_<reason>` from the server, as the reason. */
function ineligibleReason(error: unknown): IneligibleReason | null {
  if (!isApiError(error)) return null;
  const reason = error.messageKey.replace(/^ineligible_/, '');
  return (INELIGIBLE_REASONS as readonly string[]).includes(reason) ? (reason as IneligibleReason) : null;
}

/** recruit-new_agent_method: fill the form now, or send the candidate a secure link. */
export function NewAgentMethodScreen() {
  const { t } = useTranslation(['recruitment']);
  return (
    <>
      <PageHeader titleKey="recruitment:new_agent_method_title" subtitle={t('recruitment:new_agent_method_text')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="lg">
          <Stack>
            <Text fw={600}>{t('recruitment:method_form_title')}</Text>
            <Text size="sm" c="dimmed">
              {t('recruitment:method_form_text')}
            </Text>
            <Button component={Link} to="/home/recruitment/recruitment-new-candidate?mode=createRecruitmentApp">
              {t('recruitment:method_form_action')}
            </Button>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Stack>
            <Text fw={600}>{t('recruitment:method_link_title')}</Text>
            <Text size="sm" c="dimmed">
              {t('recruitment:method_link_text')}
            </Text>
            <Button component={Link} to="/home/recruitment/recruitment-new-candidate?mode=requestTokenLink" data-testid="method-link">
              {t('recruitment:method_link_action')}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </>
  );
}

function RequestLinkForm() {
  const { t } = useTranslation(['recruitment', 'validation', 'errors']);
  const navigate = useNavigate();
  const requestLink = useRequestLink();
  const [sent, setSent] = useState<{ candidateNumber: string; maskedPhone: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RequestLinkInput>({
    resolver: zodResolver(requestLinkSchema, undefined, { raw: true }) as never,
    defaultValues: { firstName: '', lastName: '', phone: '', idNumber: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const check = await findExisting({ phone: values.phone, ...(values.idNumber ? { idNumber: values.idNumber } : {}) });
      if (!check.eligible) {
        await navigate(`/home/recruitment/ineligible-candidate?reason=${check.reason ?? ''}`);
        return;
      }
      setSent(await requestLink.mutateAsync(values));
    } catch (error) {
      const reason = ineligibleReason(error);
      if (reason) {
        await navigate(`/home/recruitment/ineligible-candidate?reason=${reason}`);
        return;
      }
      if (isApiError(error) && error.status === 422)
        for (const e of error.errors ?? []) setError(e.field as Path<RequestLinkInput>, { type: 'server', message: e.key });
      else setProblem(errorText(error));
    }
  });
  if (sent) {
    return (
      <Alert color="green" variant="light" icon={<IconCheck />} title={t('recruitment:link_sent_title')} data-testid="link-sent">
        <Stack gap="xs">
          <Text>{t('recruitment:link_sent_text', { phone: sent.maskedPhone, number: sent.candidateNumber })}</Text>
          <Button
            component={Link}
            to={`/home/recruitment/application-view?candidateNumber=${sent.candidateNumber}`}
            variant="default"
            w="fit-content"
          >
            {t('recruitment:open_application')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="request-link-form">
      <Stack maw={520}>
        <Text size="sm" c="dimmed">
          {t('recruitment:request_link_text')}
        </Text>
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {problem}
          </Alert>
        ) : null}
        <TextInput label={t('recruitment:first_name')} required {...register('firstName')} error={err(errors.firstName?.message)} />
        <TextInput label={t('recruitment:last_name')} required {...register('lastName')} error={err(errors.lastName?.message)} />
        <TextInput label={t('recruitment:phone')} type="tel" required {...register('phone')} error={err(errors.phone?.message)} />
        <TextInput label={t('recruitment:id_number')} {...register('idNumber')} error={err(errors.idNumber?.message)} />
        <BusyButton type="submit" busy={requestLink.isPending}>
          {t('recruitment:send_link')}
        </BusyButton>
      </Stack>
    </form>
  );
}

function InitForm() {
  const { t } = useTranslation(['recruitment', 'validation', 'errors']);
  const navigate = useNavigate();
  const init = useInitCandidate();
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CandidateInitInput>({
    resolver: zodResolver(initSchema, undefined, { raw: true }) as never,
    defaultValues: { firstName: '', lastName: '', gender: '' as 'M', dateOfBirth: '', phone: '', idType: '1', idNumber: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      const created = await init.mutateAsync(values);
      await navigate(`/home/recruitment/application-detail?candidateNumber=${created.candidateNumber}&mode=updateRecruitmentApp`);
    } catch (error) {
      const reason = ineligibleReason(error);
      if (reason) {
        await navigate(`/home/recruitment/ineligible-candidate?reason=${reason}`);
        return;
      }
      if (isApiError(error) && error.status === 422)
        for (const e of error.errors ?? []) setError(e.field as Path<CandidateInitInput>, { type: 'server', message: e.key });
      else setProblem(errorText(error));
    }
  });
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="init-candidate-form">
      <Stack maw={640}>
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {problem}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={t('recruitment:first_name')} required {...register('firstName')} error={err(errors.firstName?.message)} />
          <TextInput label={t('recruitment:last_name')} required {...register('lastName')} error={err(errors.lastName?.message)} />
          <NativeSelect
            label={t('recruitment:gender')}
            required
            {...register('gender')}
            error={err(errors.gender?.message)}
            data={[
              { value: '', label: t('recruitment:choose') },
              ...GENDERS.map((g) => ({ value: g, label: t(g === 'M' ? 'recruitment:gender_m' : 'recruitment:gender_f') })),
            ]}
          />
          <TextInput
            label={t('recruitment:date_of_birth')}
            placeholder="DD/MM/YYYY"
            required
            {...register('dateOfBirth')}
            error={err(errors.dateOfBirth?.message)}
          />
          <TextInput label={t('recruitment:phone')} type="tel" required {...register('phone')} error={err(errors.phone?.message)} />
          <NativeSelect
            label={t('recruitment:id_type')}
            {...register('idType')}
            data={IDENTIFICATION_TYPES.map((v) => ({ value: v, label: t(ID_TYPE_LABELS[v]) }))}
          />
          <TextInput label={t('recruitment:id_number')} required {...register('idNumber')} error={err(errors.idNumber?.message)} />
        </SimpleGrid>
        <BusyButton type="submit" busy={init.isPending} w="fit-content">
          {t('recruitment:create_candidate')}
        </BusyButton>
      </Stack>
    </form>
  );
}

/** The candidate's own form through the secure link (mode=verifyTokenLink), or a ROLE_CAN's. */
export function OwnForm({ candidateNumber }: { candidateNumber: string | null }) {
  const query = useCandidateForm(candidateNumber);
  if (query.isPending) return <Loading />;
  // A candidate account that has no form yet starts its own.
  if (candidateNumber === null && isApiError(query.error) && query.error.status === 404) return <InitForm />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <CandidateForm candidate={query.data} />;
}

/** recruitment-new-candidate: the mode decides between the recruiter's two ways and the candidate's own form. */
export function NewCandidateScreen() {
  const [params] = useSearchParams();
  const raw = params.get('mode');
  const isCandidate = isApplicant(useRoles());
  const mode = isCandidate ? 'verifyTokenLink' : isRecruitmentMode(raw) ? raw : 'createRecruitmentApp';
  return (
    <>
      <PageHeader titleKey="recruitment:new_candidate_title" />
      {mode === 'verifyTokenLink' ? <OwnForm candidateNumber={null} /> : mode === 'requestTokenLink' ? <RequestLinkForm /> : <InitForm />}
    </>
  );
}

export function IneligibleScreen() {
  const { t } = useTranslation(['recruitment']);
  const [params] = useSearchParams();
  const reason = params.get('reason');
  const key =
    reason && (INELIGIBLE_REASONS as readonly string[]).includes(reason)
      ? INELIGIBLE_LABELS[reason as IneligibleReason]
      : 'recruitment:ineligible_candidate_empty';
  return (
    <>
      <ThemeIcon color="orange" variant="light" size={48} radius="xl" mb="sm">
        <IconAlert size={26} />
      </ThemeIcon>
      <PageHeader titleKey="recruitment:ineligible_candidate_title" />
      <Stack gap="md" maw={560}>
        <Text data-testid="ineligible-reason">{t(key)}</Text>
        <Button component={Link} to="/home/recruitment/recruit-new_agent_method" variant="default" w="fit-content">
          {t('recruitment:back_to_methods')}
        </Button>
      </Stack>
    </>
  );
}

export function SubmitSuccessScreen() {
  const { t } = useTranslation(['recruitment']);
  const [params] = useSearchParams();
  return (
    <>
      <ThemeIcon color="green" variant="light" size={48} radius="xl" mb="sm">
        <IconCheck size={26} />
      </ThemeIcon>
      <PageHeader titleKey="recruitment:application_submit_success_title" />
      <Text data-testid="submit-success">{t('recruitment:submit_success_text', { number: params.get('candidateNumber') ?? '' })}</Text>
    </>
  );
}

const RECRUITER_LINKS: readonly [string, string][] = [
  ['/home/recruitment/recruit-new_agent_method', 'recruitment:new_agent_method_title'],
  ['/home/recruitment/application-list?mode=recruitmentAppList', 'recruitment:application_list_title'],
  ['/home/recruitment/irc-list', 'recruitment:irc_list_title'],
  ['/home/recruitment/itc-class', 'recruitment:itc_class_title'],
  ['/home/recruitment/upload-itc-exam-result', 'recruitment:upload_itc_exam_result_title'],
  ['/home/recruitment/agent', 'recruitment:agent_title'],
];

/** The SCREENS entry of a link (its path without the query). */
function screenAtPath(to: string): Screen {
  const path = to.split('?')[0];
  const screen = SCREENS.find((entry) => entry.path === path);
  if (!screen) throw new Error(`no screen at ${path}`);
  return screen;
}

/** A candidate whose exam is passed is pointed to the upload of their IRC licence. */
function OwnLicenceLink() {
  const { t } = useTranslation(['recruitment']);
  const own = useCandidateForm(null);
  if (own.data?.status !== 'exam_passed') return null;
  return (
    <Alert variant="light" color="green" mb="md" icon={<IconCheck />}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('recruitment:own_irc_due')}</Text>
        <Button component={Link} to="/home/recruitment/upload-my-irc" size="sm">
          {t('recruitment:upload_my_irc_title')}
        </Button>
      </Stack>
    </Alert>
  );
}

export function RecruitmentHomeScreen() {
  const { t } = useTranslation(['recruitment']);
  const roles = useRoles();
  if (isApplicant(roles)) {
    return (
      <>
        <PageHeader titleKey="recruitment:title" />
        <OwnLicenceLink />
        <OwnForm candidateNumber={null} />
      </>
    );
  }
  // The recruiters' menu: each entry only for the roles the access policy lets use its screen.
  const links = RECRUITER_LINKS.filter(([to]) => canUseScreen(screenAtPath(to), roles));
  return (
    <>
      <PageHeader titleKey="recruitment:title" subtitle={t('recruitment:empty')} />
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {links.map(([to, key]) => (
          <Card key={to} withBorder padding="md" component={Link} to={to}>
            <Stack gap={4} align="flex-start">
              <ThemeIcon variant="light">
                <IconUserPlus size={18} />
              </ThemeIcon>
              <Text fw={600}>{t(key)}</Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
