import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  DOCUMENT_LABELS,
  GENDER_LABELS,
  GROUP_LABELS,
  ID_TYPE_LABELS,
  PREMIUM_MODE_LABELS,
  PRIORITY_LABELS,
  RELATIONSHIP_LABELS,
  RELATIONSHIP_OTHER_LABEL,
} from '@portal/domain/codes/application-labels';
import { ANSWER_SEQUENCE_LIFE_INSURED, HEALTH_QUESTIONS } from '@portal/domain/codes/health-questions';
import type { ApplicationProduct } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationStepData, PersonDraft } from '@portal/domain/contracts/applications/application-steps';
import type { ApplicationDocument } from '@portal/domain/contracts/documents/application-document';
import { answerSequences } from '@portal/domain/rules/application-steps';
import { useCatalogueName } from '../api/find-products';
import { formatMoney } from '../hooks/money';

type T = (key: string, values?: Record<string, unknown>) => string;

function label(t: T, labels: Readonly<Record<string, string>>, code: string | undefined): string {
  if (!code) return '—';
  const key = labels[code];
  return key ? t(key) : code;
}

function Row({ name, value, testId }: { name: string; value: string; testId?: string }) {
  return (
    <Table.Tr>
      <Table.Th w="40%">{name}</Table.Th>
      <Table.Td data-testid={testId}>{value || '—'}</Table.Td>
    </Table.Tr>
  );
}

function Person({ title, person, t, testId }: { title: string; person: PersonDraft | undefined; t: T; testId: string }) {
  const p = person ?? {};
  const latin = `${p.firstName ?? ''} ${p.lastName ?? ''}`.trim();
  const khmer = `${p.lastNameKh ?? ''} ${p.firstNameKh ?? ''}`.trim();
  return (
    <Stack gap={4} data-testid={testId}>
      <Text fw={600}>{title}</Text>
      <Table variant="vertical" withTableBorder fz="sm">
        <Table.Tbody>
          <Row name={t('applications:field_name')} value={[latin, khmer].filter(Boolean).join(' · ')} />
          <Row name={t('applications:field_gender')} value={label(t, GENDER_LABELS, p.gender)} />
          <Row name={t('applications:field_date_of_birth')} value={p.dateOfBirth ?? ''} />
          <Row
            name={t('applications:field_id_type')}
            value={`${label(t, ID_TYPE_LABELS, p.idType)}${p.idNumber ? ` · ${p.idNumber}` : ''}`}
          />
          <Row name={t('applications:field_phone')} value={p.phone ?? ''} />
          <Row name={t('applications:field_occupation')} value={p.occupation ?? ''} />
          <Row name={t('applications:field_address')} value={p.address ?? ''} />
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/**
 * Step 7's read-only summary of everything the submission sends: the people, the product and
 * premium, the beneficiaries with their shares, the health answers and the documents, each code
 * as its label in the screen's language.
 */
export function SubmissionSummary({
  steps,
  product,
  documents,
}: {
  steps: ApplicationStepData;
  product: ApplicationProduct;
  documents: readonly ApplicationDocument[];
}) {
  const { t } = useTranslation(['applications', 'proposals']);
  const info = steps.personalInfo;
  const name = useCatalogueName();
  const answers = steps.healthInfo.answers ?? [];
  return (
    <Card withBorder radius="md" component="section" aria-labelledby="summary-heading" data-testid="submission-summary">
      <Title order={2} size="h4" id="summary-heading" mb="xs">
        {t('applications:summary_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('applications:summary_intro')}
      </Text>
      <Stack gap="md">
        <Person title={t('applications:life_insured')} person={info.lifeInsured} t={t} testId="summary-life-insured" />
        {info.ownerIsInsured === false ? (
          <>
            <Person title={t('applications:policy_owner')} person={info.policyOwner} t={t} testId="summary-owner" />
            <Text size="sm">
              {t('applications:field_relationship')}:{' '}
              {info.relationshipCode
                ? t(RELATIONSHIP_LABELS[info.relationshipCode] ?? RELATIONSHIP_OTHER_LABEL, { code: info.relationshipCode })
                : '—'}
            </Text>
          </>
        ) : (
          <Text size="sm">{t('applications:summary_owner_is_insured')}</Text>
        )}
        {info.payorIsOwner === false ? <Person title={t('applications:payor')} person={info.payor} t={t} testId="summary-payor" /> : null}

        <Stack gap={4} data-testid="summary-product">
          <Text fw={600}>{t('applications:product_title')}</Text>
          <Table variant="vertical" withTableBorder fz="sm">
            <Table.Tbody>
              <Row name={t('applications:summary_product')} value={name('product', product.productCode)} testId="summary-product-name" />
              <Row name={t('applications:summary_plan')} value={name('plan', product.planKey) || '—'} />
              <Row name={t('applications:face_amount')} value={formatMoney(product.faceAmount)} />
              <Row
                name={t('applications:terms')}
                value={t('applications:terms_value', { policy: product.policyTerm, premium: product.premiumTerm })}
              />
              <Row
                name={t('applications:premium')}
                value={`${formatMoney(product.premium)} (${label(t, PREMIUM_MODE_LABELS, product.premiumMode)})`}
                testId="summary-premium"
              />
              <Row
                name={t('applications:riders')}
                value={product.riders
                  .map((r) => (r.faceAmount ? `${name('rider', r.code)} (${formatMoney(r.faceAmount)})` : name('rider', r.code)))
                  .join(', ')}
              />
            </Table.Tbody>
          </Table>
        </Stack>

        <Stack gap={4} data-testid="summary-beneficiaries">
          <Text fw={600}>{t('applications:beneficiaries')}</Text>
          {(info.beneficiaries ?? []).length === 0 ? (
            <Text size="sm">—</Text>
          ) : (
            (info.beneficiaries ?? []).map((b, i) => (
              <Text size="sm" key={i} data-testid="summary-beneficiary">
                {`${b.firstName ?? ''} ${b.lastName ?? ''}`.trim()} ·{' '}
                {b.relationshipCode
                  ? t(RELATIONSHIP_LABELS[b.relationshipCode] ?? RELATIONSHIP_OTHER_LABEL, { code: b.relationshipCode })
                  : '—'}{' '}
                · {label(t, PRIORITY_LABELS, b.priority)} · {b.shareBenifit ?? '—'}%
              </Text>
            ))
          )}
        </Stack>

        <Stack gap={4} data-testid="summary-health">
          <Text fw={600}>{t('applications:step_health_info')}</Text>
          {answerSequences(steps).map((seq) => (
            <Stack gap={2} key={seq}>
              <Text size="sm" fw={500}>
                {seq === ANSWER_SEQUENCE_LIFE_INSURED ? t('applications:health_insured') : t('applications:health_owner')}
              </Text>
              {HEALTH_QUESTIONS.map((q) => {
                const a = answers.find((x) => x.questionNumber === q.questionNumber && x.answerSequenceNo === seq);
                const value = a?.answerValue === 'Y' ? t('applications:yes') : a?.answerValue === 'N' ? t('applications:no') : '—';
                return (
                  <Text size="sm" key={q.questionNumber}>
                    {q.questionNumber}. {t(q.textKey)} — <b>{value}</b>
                    {a?.answerValue === 'Y' && a.answerDescription ? ` (${a.answerDescription})` : ''}
                  </Text>
                );
              })}
            </Stack>
          ))}
        </Stack>

        <Stack gap={4} data-testid="summary-documents">
          <Text fw={600}>{t('applications:step_documents')}</Text>
          {documents.length === 0 ? (
            <Text size="sm">—</Text>
          ) : (
            documents.map((d) => (
              <Text size="sm" key={d.applicationDocumentUploadId} data-testid="summary-document">
                {label(t, GROUP_LABELS, d.documentCategoryCode)} · {label(t, DOCUMENT_LABELS, d.documentCode)} · {d.fileName}
              </Text>
            ))
          )}
        </Stack>
      </Stack>
    </Card>
  );
}
