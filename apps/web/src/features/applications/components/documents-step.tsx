import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, NativeSelect, Progress, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_LABELS, GROUP_LABELS } from '@portal/domain/codes/application-labels';
import { documentIdType, documentNeedsExpiry, type DocumentTypeCode } from '@portal/domain/codes/document-types';
import { SUPPORTING_DOCUMENT_GROUPS, SUPPORTING_DOCUMENT_IDS, type SupportingDocumentId } from '@portal/domain/codes/supporting-documents';
import { FILE_COUNT_MAX, UPLOAD_MAX_MB } from '@portal/domain/constants/uploads';
import type { ApplicationDocument } from '@portal/domain/contracts/documents/application-document';
import { requiredDocumentGroups } from '@portal/domain/rules/required-documents';
import { documentIssues } from '@portal/domain/rules/documents';
import type { FileIssue } from '@portal/domain/rules/files';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey, translateFormError } from '../../../lib/i18n';
import { useDeleteDocument } from '../api/delete-document';
import { useDownloadDocument } from '../api/download-document';
import { useUploadDocument } from '../api/upload-document';
import type { Wizard } from '../hooks/use-wizard';
import { ConfirmDialog } from './confirm-dialog';
import { issuesBeforeSending } from '../../../lib/shrink-photo';
import { DocumentPicker } from '../../../components/ui/document-picker';
import { BusyButton } from '../../../components/ui/busy-button';

const FILE_ISSUE_KEYS: Readonly<Record<FileIssue, string>> = {
  extension: 'applications:upload_wrong_type',
  size: 'applications:upload_too_large',
  empty: 'applications:upload_empty',
  nameLength: 'applications:upload_name_too_long',
  count: 'applications:upload_too_many',
};

function serverUploadMessage(error: unknown, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (!isApiError(error)) return translateErrorKey('system_error');
  if (error.status === 413) return t('applications:upload_too_large', { max: UPLOAD_MAX_MB });
  if (error.status === 415) return t('applications:upload_wrong_type');
  if (error.status === 422 && error.errors?.length) return error.errors.map((e) => translateFormError(e.key)).join(' ');
  return translateErrorKey(error.messageKey);
}

/** Step 5: the supporting documents, required groups first (derived from the product, the answers and the referral). */
export function DocumentsStep({
  wizard,
  applicationId,
  documents,
}: {
  wizard: Wizard;
  applicationId: string;
  documents: readonly ApplicationDocument[];
}) {
  const { t } = useTranslation(['applications', 'validation']);
  const required = requiredDocumentGroups(wizard.facts);
  const optional = SUPPORTING_DOCUMENT_IDS.filter((g) => !required.includes(g));
  const [showOptional, setShowOptional] = useState(false);
  const shown = wizard.showErrors('supportingDocuments');
  const issues = wizard.issuesOf('supportingDocuments');
  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        {t('applications:documents_rules', { max: UPLOAD_MAX_MB, count: FILE_COUNT_MAX })}
      </Text>
      {required.map((group) => (
        <DocumentGroup
          key={group}
          wizard={wizard}
          group={group}
          required
          applicationId={applicationId}
          documents={documents.filter((d) => d.documentCategoryCode === group)}
          missing={shown && issues.some((i) => i.field === `documents.${group}`)}
        />
      ))}
      <Button variant="subtle" onClick={() => setShowOptional((v) => !v)} aria-expanded={showOptional}>
        {t(showOptional ? 'applications:documents_hide_optional' : 'applications:documents_show_optional')}
      </Button>
      {showOptional || optional.some((g) => documents.some((d) => d.documentCategoryCode === g))
        ? optional
            .filter((g) => showOptional || documents.some((d) => d.documentCategoryCode === g))
            .map((group) => (
              <DocumentGroup
                key={group}
                wizard={wizard}
                group={group}
                required={false}
                applicationId={applicationId}
                documents={documents.filter((d) => d.documentCategoryCode === group)}
                missing={false}
              />
            ))
        : null}
    </Stack>
  );
}

function DocumentGroup({
  wizard,
  group,
  required,
  applicationId,
  documents,
  missing,
}: {
  wizard: Wizard;
  group: SupportingDocumentId;
  required: boolean;
  applicationId: string;
  documents: readonly ApplicationDocument[];
  missing: boolean;
}) {
  const { t } = useTranslation(['applications', 'validation']);
  const codes = SUPPORTING_DOCUMENT_GROUPS[group];
  const [code, setCode] = useState<DocumentTypeCode>(codes[0] as DocumentTypeCode);
  const [idNumber, setIdNumber] = useState('');
  const [expiredDate, setExpiredDate] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [percent, setPercent] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<ApplicationDocument | null>(null);
  const upload = useUploadDocument(applicationId, wizard.changeDocuments);
  const remove = useDeleteDocument(applicationId, wizard.changeDocuments);
  const download = useDownloadDocument();
  const slug = group;

  const send = () => {
    const found: Record<string, string> = {};
    for (const issue of documentIssues({ documentCode: code, idNumber, expiredDate, file }))
      found[issue.field] = translateFormError(issue.key);
    if (file) {
      const issue = issuesBeforeSending(file, 'document')[0];
      if (issue) found.file = t(FILE_ISSUE_KEYS[issue], { max: UPLOAD_MAX_MB });
    }
    if (documents.length >= FILE_COUNT_MAX) found.file = t('applications:upload_too_many', { count: FILE_COUNT_MAX });
    setProblems(found);
    if (Object.keys(found).length > 0 || !file) return;
    setPercent(0);
    upload.mutate(
      {
        applicationId,
        documentCategoryCode: group,
        documentCode: code,
        ...(documentIdType(code) ? { idNumber } : {}),
        ...(documentNeedsExpiry(code) ? { expiredDate } : {}),
        file,
        onProgress: ({ loaded, total }) => setPercent(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
      },
      {
        onSuccess: () => {
          setPercent(100);
          setFile(null);
          setIdNumber('');
          setExpiredDate('');
        },
        onError: () => setPercent(null),
      },
    );
  };

  return (
    <Card
      withBorder
      radius="md"
      component="section"
      aria-labelledby={`group-${slug}`}
      id={`documents.${group}`}
      data-testid={`group-${slug}`}
    >
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5" id={`group-${slug}`}>
          {t(GROUP_LABELS[group])}
        </Title>
        {required ? (
          <Badge color={documents.length > 0 ? 'green' : 'orange'} variant="light">
            {t(documents.length > 0 ? 'applications:group_done' : 'applications:group_required')}
          </Badge>
        ) : null}
      </Group>
      {missing ? (
        <Alert color="red" variant="light" role="alert" mb="xs">
          {translateFormError('document_file_required')}
        </Alert>
      ) : null}
      <Stack gap={6} mb="sm">
        {documents.map((d) => (
          <Group key={d.applicationDocumentUploadId} justify="space-between" wrap="nowrap" data-testid="uploaded-document">
            <Text size="sm" truncate="end" miw={0}>
              {t(DOCUMENT_LABELS[d.documentCode as DocumentTypeCode] ?? 'applications:doc_other')} · {d.fileName}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-sm"
                variant="subtle"
                onClick={() => download.mutate({ id: d.applicationDocumentUploadId, fileName: d.fileName })}
                aria-label={t('applications:download_file', { file: d.fileName })}
              >
                {t('applications:download')}
              </Button>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red"
                onClick={() => setToDelete(d)}
                aria-label={t('applications:delete_file', { file: d.fileName })}
              >
                {t('applications:delete')}
              </Button>
            </Group>
          </Group>
        ))}
      </Stack>
      <Stack gap="xs">
        <NativeSelect
          label={t('applications:field_document_type')}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value as DocumentTypeCode)}
          data={codes.map((c) => ({ value: c, label: t(DOCUMENT_LABELS[c]) }))}
        />
        {documentIdType(code) ? (
          <TextInput
            label={t('applications:field_id_number')}
            value={idNumber}
            onChange={(e) => setIdNumber(e.currentTarget.value)}
            error={problems.idNumber}
            data-testid={`${slug}-id-number`}
          />
        ) : null}
        {documentNeedsExpiry(code) ? (
          <TextInput
            label={t('applications:field_expired_date')}
            placeholder="DD/MM/YYYY"
            value={expiredDate}
            onChange={(e) => setExpiredDate(e.currentTarget.value)}
            error={problems.expiredDate}
            data-testid={`${slug}-expired-date`}
          />
        ) : null}
        <DocumentPicker
          label={t('applications:field_file')}
          file={file}
          onChange={(chosen) => {
            setFile(chosen);
            setPercent(null);
            upload.reset();
          }}
          error={problems.file}
          testId={`${slug}-file`}
        />
        {percent !== null ? (
          <Stack gap={2}>
            <Progress.Root size="lg" radius="sm" data-testid={`${slug}-progress`}>
              <Progress.Section value={percent} aria-label={t('applications:upload_progress_label')} animated={upload.isPending} />
            </Progress.Root>
            <Text size="sm" role="status" aria-live="polite">
              {upload.isPending ? t('applications:upload_progress', { percent }) : t('applications:upload_done')}
            </Text>
          </Stack>
        ) : null}
        {upload.isError ? (
          <Alert color="red" variant="light" role="alert">
            {serverUploadMessage(upload.error, t)}
          </Alert>
        ) : null}
        <Group>
          <BusyButton onClick={send} busy={upload.isPending} data-testid={`${slug}-upload`}>
            {t('applications:upload')}
          </BusyButton>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        message={t('applications:delete_confirm', { file: toDelete?.fileName ?? '' })}
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete.applicationDocumentUploadId, { onSettled: () => setToDelete(null) });
        }}
      />
    </Card>
  );
}
