import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { FieldList } from './field-list';
import { latinName, showDate, showMoney } from './format';
import { PREMIUM_MODE_KEYS } from './labels';
import { productName } from '../../../lib/product-name';
import { StatusBadge } from './status-badge';

/**
 * The policy at a glance: number and status, product, premium and mode, sum assured and the
 * dates an advisor is asked about (paid-to, grace end, effective, maturity).
 */
export function PolicySummary({ detail, compact = false }: { detail: PolicyDetailsResponse; compact?: boolean }) {
  const { t } = useTranslation(['servicing']);
  const premium = `${showMoney(detail.modalPremium) ?? ''} · ${t(PREMIUM_MODE_KEYS[detail.premiumMode])}`;
  return (
    <Card withBorder padding={compact ? 'sm' : 'md'} component="section" aria-labelledby="policy-summary-heading" mb="lg">
      <Group justify="space-between" align="flex-start" gap="xs" mb={compact ? 0 : 'md'}>
        <Stack gap={2}>
          <Title order={2} size="h4" id="policy-summary-heading">
            {t('servicing:policy_number_value', { number: detail.policyNumber })}
          </Title>
          <Text size="sm" c="dimmed">
            {productName(t, detail.productCode)}
          </Text>
        </Stack>
        <StatusBadge status={detail.status} />
      </Group>
      {compact ? (
        <Text size="sm" mt={4}>
          {t('servicing:premium')}:{' '}
          <Text span fw={600}>
            {premium}
          </Text>
          {' · '}
          {t('servicing:paid_to_date')}:{' '}
          <Text span fw={600}>
            {showDate(detail.paidToDate) ?? t('servicing:not_provided')}
          </Text>
        </Text>
      ) : (
        <FieldList
          cols={3}
          dense
          fields={[
            { label: t('servicing:premium'), value: premium },
            { label: t('servicing:sum_assured'), value: showMoney(detail.sumAssured) },
            { label: t('servicing:paid_to_date'), value: showDate(detail.paidToDate) },
            ...(detail.status === 'Grace' ? [{ label: t('servicing:grace_end_date'), value: showDate(detail.graceEndDate) }] : []),
            { label: t('servicing:status_date'), value: showDate(detail.statusDate) },
            { label: t('servicing:effective_date'), value: showDate(detail.effectiveDate) },
            { label: t('servicing:maturity_date'), value: showDate(detail.maturityDate) },
            { label: t('servicing:policy_owner_title'), value: latinName(detail.owner) || null },
          ]}
        />
      )}
    </Card>
  );
}
