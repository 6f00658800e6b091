import { Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GROUP_LABELS } from '@portal/domain/codes/application-labels';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationDocument } from '@portal/domain/contracts/documents/application-document';
import { formatDisplayDate } from '@portal/domain/format/date';
import { useOpenApplicationForm } from '../api/open-application-form';
import { formatMoney } from '../hooks/money';
import type { SupportingDocumentId } from '@portal/domain/codes/supporting-documents';
import { useCatalogueName } from '../api/find-products';
import { BusyButton } from '../../../components/ui/busy-button';

/** A submitted application: read-only, with its application form PDF. */
export function SubmittedView({ app, documents }: { app: ApplicationResponse; documents: readonly ApplicationDocument[] }) {
  const { t } = useTranslation(['applications']);
  const name = useCatalogueName();
  const open = useOpenApplicationForm(app.id, `${app.applicationNumber}.pdf`);
  const info = app.steps.personalInfo;
  return (
    <Stack gap="md" data-testid="submitted-view">
      <Card withBorder radius="md">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4">
            {app.applicationNumber}
          </Title>
          <Badge color="green">{t('applications:status_S')}</Badge>
        </Group>
        <Table variant="vertical" withTableBorder>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('applications:life_insured')}</Table.Th>
              <Table.Td>
                {info.lifeInsured?.firstName} {info.lifeInsured?.lastName}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('applications:product_code')}</Table.Th>
              <Table.Td>
                {name('product', app.product.productCode)} · {formatMoney(app.product.faceAmount)}
              </Table.Td>
            </Table.Tr>
            {app.submission ? (
              <Table.Tr>
                <Table.Th>{t('applications:submitted_on')}</Table.Th>
                <Table.Td>
                  {formatDisplayDate(app.submission.submittedAt.slice(0, 10))} · {app.submission.submittedByName}
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed" mt="xs">
          {t('applications:read_only')}
        </Text>
      </Card>
      <Group>
        <BusyButton onClick={() => open.mutate(app.submission?.language ?? 'en')} busy={open.isPending} data-testid="open-application-form">
          {t('applications:open_form')}
        </BusyButton>
        <BusyButton variant="default" onClick={() => open.mutate(app.submission?.language === 'km' ? 'en' : 'km')} busy={open.isPending}>
          {t('applications:open_form_other')}
        </BusyButton>
      </Group>
      <Card withBorder radius="md">
        <Title order={3} size="h5" mb="xs">
          {t('applications:step_documents')}
        </Title>
        {documents.length === 0 ? (
          <Text size="sm">{t('applications:no_documents')}</Text>
        ) : (
          documents.map((d) => (
            <Text key={d.applicationDocumentUploadId} size="sm">
              {t(GROUP_LABELS[d.documentCategoryCode as SupportingDocumentId] ?? 'applications:doc_other')} · {d.fileName}
            </Text>
          ))
        )}
      </Card>
    </Stack>
  );
}
