import { Alert, Badge, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROLE_AA, ROLE_AS } from '@portal/domain/codes/roles';
import { toLanguage } from '@portal/domain/codes/languages';
import { formatDisplayDate } from '@portal/domain/format/date';
import { PageHeader } from '../../../components/ui/page-header';
import { TONE_TEXT } from '../../../components/ui/tone-text';
import { useSession } from '../../../lib/session';
import { useDownloadCertificate, useDownloadMaterial } from '../api/download-pdf';
import { useTrainingMaterials } from '../api/find-training-materials';
import { CompletionsSection } from './completions-section';
import { errorText, LoadError, Loading } from './states';
import { BusyButton } from '../../../components/ui/busy-button';

/** /home/compliance: the period's materials (PDF), the caller's status and attempts, the certificate; staff: completions. */
export function TrainingScreen() {
  const { t, i18n } = useTranslation(['compliance', 'common']);
  const lang = toLanguage(i18n.language);
  const { user } = useSession();
  const training = useTrainingMaterials(lang);
  const material = useDownloadMaterial();
  const certificate = useDownloadCertificate();
  const staff = Boolean(user?.roles.some((r) => r === ROLE_AS || r === ROLE_AA));

  if (training.isPending)
    return (
      <>
        <PageHeader titleKey="compliance:title" />
        <Loading />
      </>
    );
  if (training.isError)
    return (
      <>
        <PageHeader titleKey="compliance:title" />
        <LoadError error={training.error} onRetry={() => void training.refetch()} />
      </>
    );
  const { period, materials, status } = training.data;
  const downloadError = material.error ?? certificate.error;

  return (
    <>
      <PageHeader
        titleKey="compliance:title"
        subtitle={`${t('compliance:period', { code: period.code })} · ${t('compliance:due_by', { date: formatDisplayDate(period.dueDate), mark: period.passMarkPercent })}`}
      />
      <Stack gap="lg">
        <Card withBorder padding="lg" component="section" aria-label={t('compliance:col_status')} data-testid="compliance-status">
          <Group justify="space-between" wrap="wrap" gap="sm">
            {status.completed && status.completedDate ? (
              <Badge color="green" c={TONE_TEXT.green} tt="none" size="lg" variant="light">
                {t('compliance:status_completed', { date: formatDisplayDate(status.completedDate) })}
              </Badge>
            ) : (
              <Badge
                color={status.overdue ? 'red' : 'orange'}
                c={TONE_TEXT[status.overdue ? 'red' : 'orange']}
                tt="none"
                size="lg"
                variant="light"
              >
                {t(status.overdue ? 'compliance:status_overdue' : 'compliance:status_due')}
              </Badge>
            )}
            <Group gap="sm">
              {status.completed ? (
                <BusyButton
                  busy={certificate.isPending}
                  onClick={() => certificate.mutate({ periodCode: period.code, lang })}
                  data-testid="download-certificate"
                >
                  {t('compliance:certificate')}
                </BusyButton>
              ) : null}
              <Button component={Link} to="/home/compliance/questionnaire" variant={status.completed ? 'default' : 'filled'}>
                {t(status.completed ? 'compliance:retake_questionnaire' : 'compliance:take_questionnaire')}
              </Button>
            </Group>
          </Group>
        </Card>
        {downloadError ? (
          <Alert color="red" variant="light" role="alert">
            {t('compliance:download_failed')} {errorText(downloadError)}
          </Alert>
        ) : null}

        <Card withBorder padding="lg" component="section" aria-labelledby="compliance-materials">
          <Title order={2} size="h4" id="compliance-materials" mb="sm">
            {t('compliance:materials_title')}
          </Title>
          {materials.length === 0 ? (
            <Text c="dimmed">{t('compliance:materials_empty')}</Text>
          ) : (
            <Stack gap="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {materials.map((m) => (
                <Group key={m.id} component="li" justify="space-between" wrap="wrap" gap="sm" data-testid="material-row">
                  <Stack gap={2} maw={560}>
                    <Text fw={600}>{m.title}</Text>
                    <Text size="sm" c="dimmed">
                      {m.description}
                    </Text>
                  </Stack>
                  <BusyButton
                    variant="light"
                    size="sm"
                    busy={material.isPending && material.variables?.id === m.id}
                    onClick={() => material.mutate({ id: m.id, sequence: m.sequence, lang })}
                    aria-label={t('compliance:download_pdf_label', { title: m.title })}
                  >
                    {t('compliance:download_pdf')}
                  </BusyButton>
                </Group>
              ))}
            </Stack>
          )}
        </Card>

        <Card withBorder padding="lg" component="section" aria-labelledby="compliance-attempts">
          <Title order={2} size="h4" id="compliance-attempts" mb="sm">
            {t('compliance:attempts_title')}
          </Title>
          {status.attempts.length === 0 ? (
            <Text c="dimmed">{t('compliance:attempts_empty')}</Text>
          ) : (
            <Table.ScrollContainer minWidth={360}>
              <Table data-testid="attempts-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('compliance:attempt_number')}</Table.Th>
                    <Table.Th>{t('compliance:attempt_date')}</Table.Th>
                    <Table.Th>{t('compliance:attempt_score')}</Table.Th>
                    <Table.Th>{t('compliance:attempt_result')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {status.attempts.map((a) => (
                    <Table.Tr key={a.id}>
                      <Table.Td>{a.attemptNumber}</Table.Td>
                      <Table.Td>{formatDisplayDate(a.submittedDate)}</Table.Td>
                      <Table.Td>{a.scorePercent}%</Table.Td>
                      <Table.Td>
                        <Badge color={a.passed ? 'green' : 'red'} c={TONE_TEXT[a.passed ? 'green' : 'red']} tt="none" variant="light">
                          {t(a.passed ? 'compliance:passed' : 'compliance:failed')}
                        </Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Card>

        {staff ? <CompletionsSection /> : null}
      </Stack>
    </>
  );
}
