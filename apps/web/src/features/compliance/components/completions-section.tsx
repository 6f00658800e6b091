import { Alert, Badge, Card, Group, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '@portal/domain/format/date';
import { TONE_TEXT } from '../../../components/ui/tone-text';
import { useCompletions, useDownloadCompletionsCsv } from '../api/find-completions';
import { errorText, LoadError, Loading } from './states';
import { BusyButton } from '../../../components/ui/busy-button';

/** Agency staff: who in the agency has completed this period, with a CSV export. */
export function CompletionsSection() {
  const { t } = useTranslation(['compliance', 'common']);
  const completions = useCompletions(true);
  const csv = useDownloadCompletionsCsv();
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="compliance-completions" data-testid="completions-section">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="compliance-completions">
          {t('compliance:completions_title')}
        </Title>
        {completions.data ? (
          <BusyButton
            variant="light"
            size="sm"
            busy={csv.isPending}
            onClick={() => csv.mutate(completions.data.period.code)}
            data-testid="completions-csv"
          >
            {t('compliance:completions_csv')}
          </BusyButton>
        ) : null}
      </Group>
      {csv.isError ? (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {errorText(csv.error)}
        </Alert>
      ) : null}
      {completions.isPending ? (
        <Loading rows={2} />
      ) : completions.isError ? (
        <LoadError error={completions.error} onRetry={() => void completions.refetch()} />
      ) : (
        <>
          <Text mb="sm" data-testid="completions-summary">
            {t('compliance:completions_summary', { completed: completions.data.completedCount, total: completions.data.totalCount })}
          </Text>
          <Table.ScrollContainer minWidth={480}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('compliance:col_name')}</Table.Th>
                  <Table.Th>{t('compliance:col_agent_code')}</Table.Th>
                  <Table.Th>{t('compliance:col_status')}</Table.Th>
                  <Table.Th>{t('compliance:col_best')}</Table.Th>
                  <Table.Th>{t('compliance:col_attempts')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {completions.data.items.map((row) => (
                  <Table.Tr key={row.userId}>
                    <Table.Td>
                      <bdi>{row.displayName}</bdi>
                    </Table.Td>
                    <Table.Td>{row.agentCode ?? '—'}</Table.Td>
                    <Table.Td>
                      {row.completed && row.completedDate ? (
                        <Badge color="green" c={TONE_TEXT.green} tt="none" variant="light">
                          {t('compliance:status_completed', { date: formatDisplayDate(row.completedDate) })}
                        </Badge>
                      ) : (
                        <Badge color="gray" c={TONE_TEXT.gray} tt="none" variant="light">
                          {t('compliance:status_due')}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{row.bestScorePercent === null ? '—' : `${row.bestScorePercent}%`}</Table.Td>
                    <Table.Td>{row.attemptCount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Card>
  );
}
