import { useState } from 'react';
import { Alert, Anchor, Button, Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { zodResolver } from '@hookform/resolvers/zod';
import { useFieldArray, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApplicant } from '@portal/domain/codes/roles';
import { Link, useNavigate } from 'react-router';
import { isEditableStatus } from '@portal/domain/codes/candidate-status';
import { GENDERS } from '@portal/domain/codes/client';
import { IDENTIFICATION_TYPES } from '@portal/domain/codes/identification-types';
import {
  RECRUITMENT_DOCUMENT_TYPE_CODES,
  REQUIRED_RECRUITMENT_DOCUMENTS,
  type CandidateDocumentType,
} from '@portal/domain/codes/recruitment-documents';
import type { Candidate } from '@portal/domain/contracts/candidates/candidate';
import { candidateUpdateSchema, EDUCATION_LEVELS, type CandidateUpdateInput } from '@portal/domain/contracts/candidates/candidate-fields';
import { formatDisplayDate } from '@portal/domain/format/date';
import { nationalNumber } from '@portal/domain/format/phone';
import { IconAlert } from '../../../components/ui/icons';
import { currentLanguage, translateFormError } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { downloadFile, useUploadDocument } from '../api/files';
import { useDeleteDocument, useSubmitCandidate, useUpdateCandidate } from '../api/update-candidate';
import { errorText, StatusBadge } from './candidate-parts';
import { FileUpload } from './file-upload';
import { DOCUMENT_LABELS, EDUCATION_LABELS, ID_TYPE_LABELS } from './labels';
import { BusyButton } from '../../../components/ui/busy-button';

const schema = candidateUpdateSchema();

function valuesOf(c: Candidate): CandidateUpdateInput {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    firstNameKh: c.firstNameKh ?? '',
    lastNameKh: c.lastNameKh ?? '',
    gender: (c.gender ?? '') as 'M',
    dateOfBirth: c.dateOfBirth ? formatDisplayDate(c.dateOfBirth) : '',
    phone: `0${nationalNumber(c.phone) ?? ''}`,
    email: c.email ?? '',
    idType: (c.idType ?? '1') as '1',
    idNumber: c.idNumber ?? '',
    address: c.address ?? '',
    education:
      c.education.length > 0
        ? c.education.map((e) => ({
            ...e,
            fieldOfStudy: e.fieldOfStudy ?? '',
            completedDate: e.completedDate ? formatDisplayDate(e.completedDate) : '',
          }))
        : [{ level: 'bachelor', institution: '', fieldOfStudy: '', completedDate: '' }],
    workHistory: c.workHistory.map((w) => ({
      ...w,
      startDate: formatDisplayDate(w.startDate),
      endDate: w.endDate ? formatDisplayDate(w.endDate) : '',
    })),
    codeOfConductAccepted: c.codeOfConductAcceptedAt !== null,
    contractAccepted: c.contractAcceptedAt !== null,
    version: c.version,
  };
}

/**
 * The candidate form (personal data, education, work history, documents, code of conduct,
 * contract) for the candidate's own secure-link session and for recruiters. Save keeps a draft;
 * Submit saves, then submits; the server's 422 names what is missing.
 */
export function CandidateForm({ candidate }: { candidate: Candidate }) {
  const { t } = useTranslation(['recruitment', 'validation', 'common', 'errors']);
  const navigate = useNavigate();
  const update = useUpdateCandidate(candidate.id);
  const submit = useSubmitCandidate(candidate.id);
  const uploadDocument = useUploadDocument();
  const deleteDocument = useDeleteDocument();
  const [problems, setProblems] = useState<string[]>([]);
  const editable = isEditableStatus(candidate.status);
  const { user } = useSession();
  // The code of conduct and the contract are accepted by the candidate's own session only.
  const ownSession = !!user && isApplicant(user.roles);
  const form = useForm<CandidateUpdateInput>({
    resolver: zodResolver(schema, undefined, { raw: true }) as never,
    values: valuesOf(candidate),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const education = useFieldArray({ control, name: 'education' });
  const work = useFieldArray({ control, name: 'workHistory' });
  const err = (message: string | undefined) => (message ? translateFormError(message) : undefined);
  const docOf = (type: CandidateDocumentType) => candidate.documents.find((d) => d.documentType === type);

  const placeErrors = (error: unknown): string[] => {
    if (!isApiError(error) || error.status !== 422 || !error.errors) return [errorText(error)];
    const rest: string[] = [];
    for (const e of error.errors) {
      if (e.field.startsWith('documents.'))
        rest.push(
          t('recruitment:missing_document', {
            document: t(DOCUMENT_LABELS[e.field.slice(10) as CandidateDocumentType] ?? 'recruitment:doc_other'),
          }),
        );
      else if (e.field === 'codeOfConductAccepted') rest.push(t('recruitment:missing_code_of_conduct'));
      else if (e.field === 'contractAccepted') rest.push(t('recruitment:missing_contract'));
      else if (e.field === 'education') rest.push(t('recruitment:missing_education'));
      else setError(e.field as Path<CandidateUpdateInput>, { type: 'server', message: e.key });
    }
    return rest;
  };

  const save = (then?: 'submit') =>
    handleSubmit(async (values) => {
      setProblems([]);
      try {
        const saved = await update.mutateAsync(values);
        if (then !== 'submit') {
          notifications.show({ color: 'green', message: t('recruitment:saved') });
          return;
        }
        await submit.mutateAsync(saved.version);
        await navigate(`/home/recruitment/application-submit-success?candidateNumber=${candidate.candidateNumber}`);
      } catch (error) {
        setProblems(placeErrors(error));
      }
    })();

  return (
    <Stack gap="lg" data-testid="candidate-form">
      <Group gap="sm">
        <Text fw={600}>{t('recruitment:candidate_number', { number: candidate.candidateNumber })}</Text>
        <StatusBadge status={candidate.status} />
      </Group>
      {candidate.status === 'returned' && candidate.reviewComment ? (
        <Alert color="orange" variant="light" icon={<IconAlert />} title={t('recruitment:returned_title')} data-testid="review-comment">
          {candidate.reviewComment}
        </Alert>
      ) : null}
      {!editable ? <Alert variant="light">{t('recruitment:form_read_only')}</Alert> : null}
      {problems.length > 0 ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="form-problems">
          <Stack gap={2}>
            {problems.map((p) => (
              <span key={p}>{p}</span>
            ))}
          </Stack>
        </Alert>
      ) : null}

      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0 }}>
          <Stack gap="lg">
            <Fieldset legend={t('recruitment:section_personal')}>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label={t('recruitment:first_name')} required {...register('firstName')} error={err(errors.firstName?.message)} />
                <TextInput label={t('recruitment:last_name')} required {...register('lastName')} error={err(errors.lastName?.message)} />
                <TextInput
                  label={t('recruitment:first_name_kh')}
                  lang="km"
                  {...register('firstNameKh')}
                  error={err(errors.firstNameKh?.message)}
                />
                <TextInput
                  label={t('recruitment:last_name_kh')}
                  lang="km"
                  {...register('lastNameKh')}
                  error={err(errors.lastNameKh?.message)}
                />
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
                <TextInput label={t('recruitment:email')} type="email" {...register('email')} error={err(errors.email?.message)} />
                <NativeSelect
                  label={t('recruitment:id_type')}
                  required
                  {...register('idType')}
                  error={err(errors.idType?.message)}
                  data={IDENTIFICATION_TYPES.map((v) => ({ value: v, label: t(ID_TYPE_LABELS[v]) }))}
                />
                <TextInput label={t('recruitment:id_number')} required {...register('idNumber')} error={err(errors.idNumber?.message)} />
              </SimpleGrid>
              <TextInput mt="sm" label={t('recruitment:address')} {...register('address')} error={err(errors.address?.message)} />
            </Fieldset>

            <Fieldset legend={t('recruitment:section_education')}>
              <Stack gap="sm">
                {education.fields.map((f, i) => (
                  <SimpleGrid key={f.id} cols={{ base: 1, sm: 4 }} data-testid={`education-${i}`}>
                    <NativeSelect
                      label={t('recruitment:education_level')}
                      {...register(`education.${i}.level`)}
                      data={EDUCATION_LEVELS.map((l) => ({ value: l, label: t(EDUCATION_LABELS[l]) }))}
                    />
                    <TextInput
                      label={t('recruitment:institution')}
                      required
                      {...register(`education.${i}.institution`)}
                      error={err(errors.education?.[i]?.institution?.message)}
                    />
                    <TextInput label={t('recruitment:field_of_study')} {...register(`education.${i}.fieldOfStudy`)} />
                    <Group align="flex-end" gap="xs" wrap="nowrap">
                      <TextInput
                        label={t('recruitment:completed_date')}
                        placeholder="DD/MM/YYYY"
                        {...register(`education.${i}.completedDate`)}
                        error={err(errors.education?.[i]?.completedDate?.message)}
                      />
                      {education.fields.length > 1 ? (
                        <Button variant="subtle" color="red" onClick={() => education.remove(i)}>
                          {t('recruitment:remove')}
                        </Button>
                      ) : null}
                    </Group>
                  </SimpleGrid>
                ))}
                <Button
                  variant="default"
                  onClick={() => education.append({ level: 'bachelor', institution: '', fieldOfStudy: '', completedDate: '' })}
                  w="fit-content"
                >
                  {t('recruitment:add_education')}
                </Button>
              </Stack>
            </Fieldset>

            <Fieldset legend={t('recruitment:section_work')}>
              <Stack gap="sm">
                {work.fields.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('recruitment:no_work')}
                  </Text>
                ) : null}
                {work.fields.map((f, i) => (
                  <SimpleGrid key={f.id} cols={{ base: 1, sm: 4 }}>
                    <TextInput
                      label={t('recruitment:employer')}
                      required
                      {...register(`workHistory.${i}.employer`)}
                      error={err(errors.workHistory?.[i]?.employer?.message)}
                    />
                    <TextInput
                      label={t('recruitment:position')}
                      required
                      {...register(`workHistory.${i}.position`)}
                      error={err(errors.workHistory?.[i]?.position?.message)}
                    />
                    <TextInput
                      label={t('recruitment:start_date')}
                      placeholder="DD/MM/YYYY"
                      required
                      {...register(`workHistory.${i}.startDate`)}
                      error={err(errors.workHistory?.[i]?.startDate?.message)}
                    />
                    <Group align="flex-end" gap="xs" wrap="nowrap">
                      <TextInput
                        label={t('recruitment:end_date')}
                        placeholder="DD/MM/YYYY"
                        {...register(`workHistory.${i}.endDate`)}
                        error={err(errors.workHistory?.[i]?.endDate?.message)}
                      />
                      <Button variant="subtle" color="red" onClick={() => work.remove(i)}>
                        {t('recruitment:remove')}
                      </Button>
                    </Group>
                  </SimpleGrid>
                ))}
                <Button
                  variant="default"
                  onClick={() => work.append({ employer: '', position: '', startDate: '', endDate: '' })}
                  w="fit-content"
                >
                  {t('recruitment:add_work')}
                </Button>
              </Stack>
            </Fieldset>

            <Fieldset legend={t('recruitment:section_agreements')}>
              <Stack gap="sm">
                {ownSession ? null : (
                  <Text size="sm" c="dimmed" data-testid="acceptance-candidate-only">
                    {t('errors:acceptance_candidate_only')}
                  </Text>
                )}
                <Checkbox {...register('codeOfConductAccepted')} disabled={!ownSession} label={t('recruitment:accept_code_of_conduct')} />
                <Anchor component={Link} to={`/home/recruitment/code-of-conduct?candidateNumber=${candidate.candidateNumber}`} size="sm">
                  {t('recruitment:read_code_of_conduct')}
                </Anchor>
                <Checkbox {...register('contractAccepted')} disabled={!ownSession} label={t('recruitment:accept_contract')} />
                <Anchor component={Link} to={`/home/recruitment/review-contract?candidateNumber=${candidate.candidateNumber}`} size="sm">
                  {t('recruitment:read_contract')}
                </Anchor>
                <Button
                  variant="default"
                  w="fit-content"
                  onClick={() =>
                    void downloadFile(
                      '/api/candidate/v1/contract/download',
                      { candidateId: candidate.id, lang: currentLanguage() },
                      `contract-${candidate.candidateNumber}.pdf`,
                    )
                  }
                >
                  {t('recruitment:download_contract')}
                </Button>
              </Stack>
            </Fieldset>
          </Stack>
        </fieldset>
      </form>

      <Fieldset legend={t('recruitment:section_documents')}>
        <Stack gap="md">
          {[...RECRUITMENT_DOCUMENT_TYPE_CODES, 'signed-contract' as const].map((type) => {
            const doc = docOf(type);
            return (
              <Stack key={type} gap={4} data-testid={`document-${type}`}>
                <Text size="sm" fw={600}>
                  {t(DOCUMENT_LABELS[type])}
                  {REQUIRED_RECRUITMENT_DOCUMENTS.includes(type as never) || type === 'signed-contract' ? ' *' : ''}
                </Text>
                {doc ? (
                  <Group gap="xs">
                    <Text size="sm" data-testid="document-file">
                      {doc.fileName}
                    </Text>
                    {editable ? (
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        onClick={() => {
                          if (window.confirm(t('recruitment:confirm_delete_document', { file: doc.fileName })))
                            deleteDocument.mutate(doc.id);
                        }}
                      >
                        {t('recruitment:remove')}
                      </Button>
                    ) : null}
                  </Group>
                ) : null}
                {editable ? (
                  <FileUpload
                    label={doc ? t('recruitment:replace_file') : t('recruitment:choose_file')}
                    fields={{ candidateId: candidate.id, documentType: type }}
                    upload={uploadDocument as never}
                    testId={`upload-${type}`}
                  />
                ) : null}
              </Stack>
            );
          })}
        </Stack>
      </Fieldset>

      {editable ? (
        <Group>
          <BusyButton variant="default" onClick={() => void save()} busy={update.isPending && !submit.isPending}>
            {t('recruitment:save_draft')}
          </BusyButton>
          <BusyButton onClick={() => void save('submit')} busy={submit.isPending} data-testid="submit-application">
            {t('recruitment:submit_application')}
          </BusyButton>
        </Group>
      ) : null}
    </Stack>
  );
}
