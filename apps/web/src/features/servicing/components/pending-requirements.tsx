import { lazy, Suspense } from 'react';
import { Alert, Badge, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toLanguage, type Language } from '@portal/domain/codes/languages';
import type { PendingRequirement } from '@portal/domain/contracts/policies/policy-fields';
import { IconAlert, IconFile } from '../../../components/ui/icons';
import { useDownloadClientPending } from '../api/download-client-pending';
import { usePendingCode } from '../api/find-pending-code';
import { showDate } from './format';
import { PENDING_STATUS_COLORS, PENDING_STATUS_KEYS, TONE_TEXT } from './labels';
import { errorText, LoadingBlocks } from './query-state';
import { BusyButton } from '../../../components/ui/busy-button';

// The upload (drop zone, progress, multipart) is fetched only when a policy has something to upload.
const PendingUpload = lazy(() => import('./pending-upload').then((m) => ({ default: m.PendingUpload })));

function RequirementItem({ requirement, lang }: { requirement: PendingRequirement; lang: Language }) {
  const { t } = useTranslation(['servicing']);
  const color = PENDING_STATUS_COLORS[requirement.status];
  return (
    <Card withBorder padding="sm" component="li" data-pending-code={requirement.code} data-pending-status={requirement.status}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Text fw={700} lang={lang}>
            {lang === 'km' ? requirement.descriptionKm : requirement.descriptionEn}
          </Text>
        </Stack>
        <Badge variant="light" radius="sm" tt="none" color={color} c={TONE_TEXT[color]} data-testid="pending-status">
          {t(PENDING_STATUS_KEYS[requirement.status])}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mt={4}>
        {t('servicing:pending_requested', { date: showDate(requirement.requestedDate) })}
        {requirement.dueDate ? ` · ${t('servicing:pending_due', { date: showDate(requirement.dueDate) })}` : ''}
      </Text>
      {requirement.documents.length > 0 ? (
        <List size="sm" mt={4} spacing={2} icon={<IconFile size={16} />} aria-label={t('servicing:pending_documents')}>
          {requirement.documents.map((doc) => (
            <List.Item key={doc.id}>
              {t('servicing:pending_document_line', { file: doc.fileName, date: showDate(doc.uploadedAt) })}
            </List.Item>
          ))}
        </List>
      ) : null}
    </Card>
  );
}

/**
 * What the insurer still needs for this policy: each requirement code with its description in
 * the user's language and its status, the client-pending letter to download (PDF, in the same
 * language), and the upload of a requested document.
 */
export function PendingRequirements({ policyNumber }: { policyNumber: string }) {
  const { t, i18n } = useTranslation(['servicing', 'errors']);
  const lang = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const query = usePendingCode(policyNumber);
  const download = useDownloadClientPending(policyNumber);
  const items = query.data?.items ?? [];
  const waiting = items.filter((r) => r.status === 'outstanding' || r.status === 'submitted').length;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="pending-heading" mb="lg" data-testid="pending-requirements">
      <Group justify="space-between" align="baseline" gap="xs" mb="sm">
        <Title order={2} size="h4" id="pending-heading">
          {t('servicing:pending_title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('servicing:pending_count', { count: waiting })}
        </Text>
      </Group>
      {query.isPending ? <LoadingBlocks rows={2} height={64} /> : null}
      {query.isError && !query.data ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          {errorText(query.error)}
        </Alert>
      ) : null}
      {query.data && items.length === 0 ? <Text>{t('servicing:pending_none')}</Text> : null}
      {items.length > 0 ? (
        <Stack gap="md">
          <Stack gap="xs" component="ul" m={0} p={0} aria-labelledby="pending-heading">
            {items.map((r) => (
              <RequirementItem key={r.code} requirement={r} lang={lang} />
            ))}
          </Stack>
          {waiting > 0 ? (
            <Group gap="sm">
              <BusyButton
                variant="default"
                leftSection={<IconFile size={18} />}
                busy={download.isPending}
                onClick={() => download.mutate(lang)}
              >
                {t('servicing:pending_letter_download')}
              </BusyButton>
            </Group>
          ) : null}
          {download.isError ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {errorText(download.error)}
            </Alert>
          ) : null}
          {waiting > 0 ? (
            <Suspense fallback={<LoadingBlocks rows={1} height={120} />}>
              <PendingUpload policyNumber={policyNumber} requirements={items} lang={lang} />
            </Suspense>
          ) : null}
        </Stack>
      ) : null}
    </Card>
  );
}
