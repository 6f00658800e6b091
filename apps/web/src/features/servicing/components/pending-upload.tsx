import { useState } from 'react';
import { Alert, Group, NativeSelect, Progress, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/domain/codes/languages';
import { PENDING_DOCUMENT_UPLOAD_MAX_MB } from '@portal/domain/constants/uploads';
import type { PendingRequirement } from '@portal/domain/contracts/policies/policy-fields';
import type { FileIssue } from '@portal/domain/rules/files';
import { DocumentPicker } from '../../../components/ui/document-picker';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { useUploadClientPendingDoc } from '../api/upload-client-pending-doc';
import { errorText } from './query-state';
import { issuesBeforeSending } from '../../../lib/shrink-photo';
import { BusyButton } from '../../../components/ui/busy-button';

/** The message for the first thing wrong with a chosen file (the domain's file rules decide). */
const ISSUE_KEYS: Readonly<Record<FileIssue, string>> = {
  extension: 'servicing:upload_wrong_type',
  size: 'servicing:upload_too_large',
  empty: 'servicing:upload_empty',
  nameLength: 'servicing:upload_name_too_long',
  count: 'servicing:upload_one_file',
};

/** What the server's refusal means for the person uploading: 413 too big, 415 not a real pdf/png. */
function uploadErrorKey(error: unknown): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 413) return 'servicing:upload_too_large';
  if (error.status === 415) return 'servicing:upload_wrong_type';
  if (error.status === 422)
    return error.errors?.some((e) => e.field === 'file' && e.key === 'maxlength')
      ? 'servicing:upload_name_too_long'
      : 'servicing:upload_rejected';
  return null;
}

/**
 * Upload a document the insurer asked for: pick the requirement, take a photo or choose a file
 * (PDF, PNG, JPEG, TIFF; a photo becomes a PDF before it is sent), then send it with a progress
 * bar. The file is checked by the domain's rules before it leaves the phone (no wasted 3G
 * upload); the server checks again and its 413/415 are explained.
 */
export function PendingUpload({
  policyNumber,
  requirements,
  lang,
}: {
  policyNumber: string;
  requirements: readonly PendingRequirement[];
  lang: Language;
}) {
  const { t } = useTranslation(['servicing', 'errors', 'common']);
  const open = requirements.filter((r) => r.status === 'outstanding' || r.status === 'submitted');
  const [code, setCode] = useState<string>(() => open.find((r) => r.status === 'outstanding')?.code ?? open[0]?.code ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState(0);
  const upload = useUploadClientPendingDoc(policyNumber);

  const description = (r: PendingRequirement) => (lang === 'km' ? r.descriptionKm : r.descriptionEn);

  if (open.length === 0) return null;
  const selected = open.some((r) => r.code === code) ? code : (open[0]?.code ?? '');

  const choose = (chosen: File | null) => {
    upload.reset();
    if (!chosen) return;
    const issue = issuesBeforeSending(chosen, 'pendingDocument')[0];
    if (issue) {
      setFile(null);
      setProblem(t(ISSUE_KEYS[issue], { max: PENDING_DOCUMENT_UPLOAD_MAX_MB }));
      return;
    }
    setProblem(null);
    setFile(chosen);
  };

  const send = () => {
    if (!file || !selected) return;
    setPercent(0);
    upload.mutate(
      {
        pendingCode: selected,
        file,
        onProgress: ({ loaded, total }) => setPercent(total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 0),
      },
      {
        onSuccess: (result) => {
          setFile(null);
          const requirement = open.find((r) => r.code === result.pendingCode);
          notifications.show({
            color: 'green',
            title: t('servicing:upload_success_title'),
            message: t('servicing:upload_success', {
              requirement: requirement ? description(requirement) : '',
              file: result.document.fileName,
            }),
          });
        },
      },
    );
  };

  const serverKey = upload.isError ? uploadErrorKey(upload.error) : null;
  const serverMessage = upload.isError
    ? serverKey
      ? t(serverKey, { max: PENDING_DOCUMENT_UPLOAD_MAX_MB })
      : errorText(upload.error)
    : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-upload-heading" data-testid="pending-upload">
      <Title order={3} size="h5" id="pending-upload-heading">
        {t('servicing:upload_title')}
      </Title>
      <NativeSelect
        label={t('servicing:upload_requirement')}
        value={selected}
        onChange={(event) => setCode(event.currentTarget.value)}
        data={open.map((r) => ({ value: r.code, label: description(r) }))}
        disabled={upload.isPending}
        name="pendingCode"
      />
      <DocumentPicker label={t('servicing:upload_file')} file={file} onChange={choose} testId="pending-file" disabled={upload.isPending} />
      <Text size="sm" c="dimmed" id="pending-upload-rules">
        {t('servicing:upload_rules', { max: PENDING_DOCUMENT_UPLOAD_MAX_MB })}
      </Text>

      {problem ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          {problem}
        </Alert>
      ) : null}

      {upload.isPending ? (
        <Stack gap={4}>
          <Progress.Root size="lg" radius="sm">
            <Progress.Section value={percent} aria-label={t('servicing:upload_progress_label')} animated />
          </Progress.Root>
          <Text size="sm" role="status" aria-live="polite">
            {t('servicing:upload_progress', { percent })}
          </Text>
        </Stack>
      ) : null}

      {serverMessage ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          {serverMessage}
        </Alert>
      ) : null}

      <Group>
        <BusyButton onClick={send} disabled={!file || !selected} busy={upload.isPending}>
          {t('servicing:upload_send')}
        </BusyButton>
      </Group>
    </Stack>
  );
}
