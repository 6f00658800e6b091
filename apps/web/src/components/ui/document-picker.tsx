import { useEffect, useId, useRef, useState } from 'react';
import { Button, Group, Image, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { DOCUMENT_ACCEPT } from '../../lib/convert-upload';

/** "1.2 MB" / "340 KB", in the reader's language. */
function sizeText(bytes: number, t: TFunction): string {
  return bytes >= 1024 * 1024
    ? t('common:file_size_mb', { size: (bytes / 1024 / 1024).toFixed(1) })
    : t('common:file_size_kb', { size: Math.max(1, Math.round(bytes / 1024)) });
}

/**
 * The file control of a document upload: "Take photo" opens the phone's camera (`capture`), "Choose
 * file" the gallery or files (PDF, PNG, JPEG, TIFF; a photo becomes a PDF before it is sent, see
 * lib/convert-upload). What will be sent is shown: a thumbnail of a photo, else its name and size.
 * `testId` names the file input (`<testId>`), the camera input (`<testId>-camera`) and the preview.
 */
export function DocumentPicker(props: {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  testId: string;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const camera = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<{ file: File; url: string } | null>(null);
  const { file } = props;
  useEffect(() => {
    if (!file || !file.type.startsWith('image/') || file.type === 'image/tiff') return undefined;
    const url = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the URL is made here and revoked by this effect's cleanup, so render cannot derive it
    setPreview({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const thumbnail = preview && preview.file === file ? preview.url : null;
  // The input is emptied at once (the parent holds the File), so choosing the same file again is a change.
  const pick = (input: HTMLInputElement) => {
    props.onChange(input.files?.[0] ?? null);
    input.value = '';
  };

  return (
    <Stack gap={4} role="group" aria-labelledby={`${id}-label`}>
      <Text id={`${id}-label`} size="sm" fw={500}>
        {props.label}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          disabled={props.disabled}
          onClick={() => camera.current?.click()}
          data-testid={`${props.testId}-take-photo`}
        >
          {t('common:take_photo')}
        </Button>
        <Button
          variant="default"
          disabled={props.disabled}
          onClick={() => chooser.current?.click()}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={`${id}-chosen`}
          data-testid={`${props.testId}-choose`}
        >
          {t('common:choose_file')}
        </Button>
      </Group>
      {/* Hidden: the two buttons above open them (one with the camera, one with the files). */}
      <input
        ref={chooser}
        hidden
        type="file"
        accept={DOCUMENT_ACCEPT}
        tabIndex={-1}
        disabled={props.disabled}
        data-testid={props.testId}
        onChange={(e) => pick(e.currentTarget)}
      />
      <input
        ref={camera}
        hidden
        type="file"
        accept="image/*"
        capture="environment"
        tabIndex={-1}
        disabled={props.disabled}
        data-testid={`${props.testId}-camera`}
        onChange={(e) => pick(e.currentTarget)}
      />
      {file ? (
        <Group gap="sm" wrap="nowrap" id={`${id}-chosen`} data-testid={`${props.testId}-preview`}>
          {thumbnail ? <Image src={thumbnail} alt="" w={64} h={64} fit="cover" radius="sm" /> : null}
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {file.name} · {sizeText(file.size, t)}
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" id={`${id}-chosen`}>
          {t('common:no_file_chosen')}
        </Text>
      )}
      {props.error ? (
        <Text c="red" size="sm" role="alert">
          {props.error}
        </Text>
      ) : null}
    </Stack>
  );
}
