import { Alert, Badge, Button, EmptyState, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CandidateStatus } from '@portal/domain/codes/candidate-status';
import type { StageMove } from '@portal/domain/contracts/candidates/candidate';
import { formatDisplayDate } from '@portal/domain/format/date';
import { IconAlert, IconInbox } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';
import { STATUS_COLORS, STATUS_LABELS } from './labels';

export function errorText(error: unknown): string {
  return translateErrorKey(isApiError(error) ? error.messageKey : 'system_error');
}

export function StatusBadge({ status }: { status: CandidateStatus }) {
  const { t } = useTranslation(['recruitment']);
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="candidate-status" data-status={status}>
      {t(STATUS_LABELS[status])}
    </Badge>
  );
}

export function Loading() {
  const { t } = useTranslation(['common']);
  return (
    <Stack gap="sm" role="status" aria-live="polite" aria-label={t('common:loading')} aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={56} radius="md" />
      ))}
    </Stack>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation(['common', 'errors']);
  return (
    <Alert color="red" variant="light" icon={<IconAlert />} title={t('common:error_title')} role="alert">
      <Stack gap="sm" align="flex-start">
        <span>{errorText(error)}</span>
        {onRetry ? (
          <Button variant="default" size="sm" onClick={onRetry}>
            {t('common:retry')}
          </Button>
        ) : null}
      </Stack>
    </Alert>
  );
}

export function Empty({ description }: { description: string }) {
  const { t } = useTranslation(['common']);
  return (
    <EmptyState
      variant="light"
      size="sm"
      py="lg"
      icon={<IconInbox size={24} />}
      title={t('common:empty_title')}
      description={description}
    />
  );
}

/** Every move of the candidate: from, to, who (and in which role), when, why. */
export function HistoryTable({ history }: { history: StageMove[] }) {
  const { t } = useTranslation(['recruitment']);
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped data-testid="stage-history">
        <caption>
          <Text size="sm" fw={600} ta="left">
            {t('recruitment:history_title')}
          </Text>
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('recruitment:history_when')}</Table.Th>
            <Table.Th>{t('recruitment:history_stage')}</Table.Th>
            <Table.Th>{t('recruitment:history_who')}</Table.Th>
            <Table.Th>{t('recruitment:history_comment')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {history.map((h, i) => (
            <Table.Tr key={`${h.at}-${i}`}>
              <Table.Td>
                {formatDisplayDate(h.at.slice(0, 10))} {h.at.slice(11, 16)}
              </Table.Td>
              <Table.Td>{t(STATUS_LABELS[h.toStatus])}</Table.Td>
              <Table.Td>
                {h.actorName ?? t('recruitment:history_candidate')}
                {h.actorRole ? ` (${h.actorRole})` : ''}
              </Table.Td>
              <Table.Td>{h.comment ?? ''}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
