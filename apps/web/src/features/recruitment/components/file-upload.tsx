import { useId, useState } from 'react';
import { Alert, FileInput, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { UPLOAD_MAX_MB } from '@portal/domain/constants/uploads';
import type { FileIssue } from '@portal/domain/rules/files';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import type { UploadInput } from '../api/files';
import { errorText } from './candidate-parts';
import { DocumentPicker } from '../../../components/ui/document-picker';
import { issuesBeforeSending } from '../../../lib/shrink-photo';
import { BusyButton } from '../../../components/ui/busy-button';

const ISSUE_KEYS: Readonly<Record<FileIssue, string>> = {
  extension: 'recruitment:upload_wrong_type',
  size: 'recruitment:upload_too_large',
  empty: 'recruitment:upload_empty',
  nameLength: 'recruitment:upload_name_too_long',
  count: 'recruitment:upload_wrong_type',
};

function serverMessage(error: unknown, kind: 'document' | 'sheet', t: (key: string, values?: Record<string, unknown>) => string): string {
  if (isApiError(error) && error.status === 413) return t('recruitment:upload_too_large', { max: UPLOAD_MAX_MB });
  if (isApiError(error) && error.status === 415)
    return t(kind === 'sheet' ? 'recruitment:upload_wrong_type_sheet' : 'recruitment:upload_wrong_type');
  return errorText(error);
}

interface FileUploadProps {
  label: string;
  /** `document`: PDF, PNG, JPEG or TIFF, 5 MB (checked here before sending). `sheet`: CSV or XLSX. */
  kind?: 'document' | 'sheet';
  fields: Record<string, string>;
  upload: {
    mutate: (input: UploadInput, options: { onSuccess?: (data: never) => void; onError?: (error: unknown) => void }) => void;
    isPending: boolean;
  };
  onDone?: (result: never) => void;
  onFailed?: (error: unknown) => void;
  testId: string;
  disabled?: boolean;
}

/**
 * Choose one file (a document: take a photo or choose a file, see DocumentPicker; a sheet: CSV or
 * XLSX), check it with the domain's rules, send it with a progress bar.
 */
export function FileUpload({ label, kind = 'document', fields, upload, onDone, onFailed, testId, disabled }: FileUploadProps) {
  const { t } = useTranslation(['recruitment', 'errors']);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const hintId = useId();

  const choose = (chosen: File | null) => {
    setProblem(null);
    if (chosen && kind === 'document') {
      const issue = issuesBeforeSending(chosen, 'document')[0];
      if (issue) {
        setFile(null);
        setProblem(t(ISSUE_KEYS[issue], { max: UPLOAD_MAX_MB }));
        return;
      }
    }
    setFile(chosen);
  };

  const send = () => {
    if (!file) return;
    setPercent(0);
    upload.mutate(
      { fields, file, onProgress: ({ loaded, total }) => setPercent(total > 0 ? Math.round((loaded / total) * 100) : 0) },
      {
        onSuccess: (result) => {
          setFile(null);
          setPercent(null);
          onDone?.(result);
        },
        onError: (error) => {
          setPercent(null);
          setProblem(serverMessage(error, kind, t));
          onFailed?.(error);
        },
      },
    );
  };

  return (
    <Stack gap={6} data-testid={testId}>
      {kind === 'document' ? (
        <Stack gap="xs" align="flex-start">
          <DocumentPicker label={label} file={file} onChange={choose} testId={`${testId}-file`} disabled={disabled || upload.isPending} />
          <BusyButton onClick={send} disabled={!file || disabled} busy={upload.isPending}>
            {t('recruitment:upload_send')}
          </BusyButton>
        </Stack>
      ) : (
        <Group align="flex-end" gap="xs" wrap="wrap">
          <FileInput
            label={label}
            value={file}
            onChange={choose}
            accept=".csv,.xlsx"
            placeholder={t('recruitment:upload_choose')}
            aria-describedby={hintId}
            disabled={disabled || upload.isPending}
            clearable
            style={{ flex: '1 1 220px' }}
          />
          <BusyButton onClick={send} disabled={!file || disabled} busy={upload.isPending}>
            {t('recruitment:upload_send')}
          </BusyButton>
        </Group>
      )}
      <Text size="xs" c="dimmed" id={hintId}>
        {kind === 'document' ? t('recruitment:upload_rules', { max: UPLOAD_MAX_MB }) : t('recruitment:upload_sheet_rules')}
      </Text>
      {percent !== null ? (
        <Stack gap={2}>
          <Progress value={percent} size="lg" aria-label={t('recruitment:upload_progress_label')} animated />
          <Text size="xs" role="status" aria-live="polite">
            {t('recruitment:upload_progress', { percent })}
          </Text>
        </Stack>
      ) : null}
      {problem ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          {problem}
        </Alert>
      ) : null}
    </Stack>
  );
}
