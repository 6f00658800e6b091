import { useState } from 'react';
import { Alert, CloseButton, Group, NativeSelect, Progress, Stack, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection, type FileWithPath } from '@mantine/dropzone';
import '@mantine/dropzone/styles.layer.css';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Language } from '@portal/domain/codes/languages';
import { PENDING_DOCUMENT_UPLOAD_MAX_MB } from '@portal/domain/constants/uploads';
import type { PendingRequirement } from '@portal/domain/contracts/policies/policy-fields';
import type { FileIssue } from '@portal/domain/rules/files';
import { IconAlert, IconFile } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { useUploadClientPendingDoc } from '../api/upload-client-pending-doc';
import { errorText } from './query-state';
import { DOCUMENT_ACCEPT_TYPES } from '../../../lib/convert-upload';
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

/** "2.4 MB" / "310 KB" for the chosen file. */
function sizeText(bytes: number, t: TFunction): string {
  return bytes >= 1024 * 1024
    ? t('servicing:file_size_mb', { size: (bytes / (1024 * 1024)).toFixed(1) })
    : t('servicing:file_size_kb', { size: Math.max(1, Math.round(bytes / 1024)) });
}

/**
 * Upload a document the insurer asked for: pick the requirement, drop or choose one pdf or png
 * (10 MB), then send it with a progress bar. The file is checked by the domain's rules before it
 * leaves the phone (no wasted 3G upload); the server checks again and its 413/415 are explained.
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

  if (open.length === 0) return null;
  const selected = open.some((r) => r.code === code) ? code : (open[0]?.code ?? '');

  const choose = (files: FileWithPath[], rejections: FileRejection[]) => {
    upload.reset();
    const all = [...files, ...rejections.map((r) => r.file)];
    if (all.length > 1) {
      setProblem(t(ISSUE_KEYS.count));
      return;
    }
    const chosen = all[0];
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
          notifications.show({
            color: 'green',
            title: t('servicing:upload_success_title'),
            message: t('servicing:upload_success', { code: result.pendingCode, file: result.document.fileName }),
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
  const description = (r: PendingRequirement) => (lang === 'km' ? r.descriptionKm : r.descriptionEn);

  return (
    <Stack gap="sm" component="section" aria-labelledby="pending-upload-heading" data-testid="pending-upload">
      <Title order={3} size="h5" id="pending-upload-heading">
        {t('servicing:upload_title')}
      </Title>
      <NativeSelect
        label={t('servicing:upload_requirement')}
        value={selected}
        onChange={(event) => setCode(event.currentTarget.value)}
        data={open.map((r) => ({ value: r.code, label: `${r.code} – ${description(r)}` }))}
        disabled={upload.isPending}
        name="pendingCode"
      />
      <Dropzone
        onDrop={() => undefined}
        onDropAny={choose}
        accept={DOCUMENT_ACCEPT_TYPES}
        multiple={false}
        disabled={upload.isPending}
        role="button"
        aria-describedby="pending-upload-rules"
        name="file"
        p="md"
      >
        <Group justify="center" gap="sm" wrap="nowrap" mih={72}>
          <IconFile size={28} />
          <Stack gap={2}>
            <Text fw={600}>{t('servicing:upload_drop')}</Text>
            <Text size="sm" c="dimmed" id="pending-upload-rules">
              {t('servicing:upload_rules', { max: PENDING_DOCUMENT_UPLOAD_MAX_MB })}
            </Text>
          </Stack>
        </Group>
      </Dropzone>

      {problem ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          {problem}
        </Alert>
      ) : null}

      {file ? (
        <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="pending-upload-file">
          <Text size="sm" truncate="end" miw={0}>
            {file.name}{' '}
            <Text span c="dimmed" size="sm">
              ({sizeText(file.size, t)})
            </Text>
          </Text>
          {upload.isPending ? null : (
            <CloseButton aria-label={t('servicing:upload_remove', { file: file.name })} onClick={() => setFile(null)} />
          )}
        </Group>
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
