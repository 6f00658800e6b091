import { useId, type ReactNode } from 'react';
import { Anchor, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PolicySummary } from '@portal/domain/contracts/policies/policy-fields';
import { policyScreenPath } from '../hooks/policy-paths';
import { khmerName, latinName, showDate, showMoney } from './format';
import { PREMIUM_MODE_KEYS } from './labels';
import { productName } from '../../../lib/product-name';
import { StatusBadge } from './status-badge';

/**
 * One policy in a list: the number (the link to it), status in words and colour, the owner's
 * name in Latin and Khmer script, the product, the premium and the next due date. `extra` adds a
 * line (the date a dashboard list is about).
 */
export function PolicyRow({ policy, extra }: { policy: PolicySummary; extra?: ReactNode }) {
  const { t } = useTranslation(['servicing']);
  const headingId = useId();
  const owner = khmerName(policy.owner);
  const due = policy.status !== 'Lapsed' && policy.premiumMode !== 'singlePremium' ? showDate(policy.paidToDate) : null;
  return (
    <Card withBorder padding="sm" component="article" aria-labelledby={headingId} data-policy={policy.policyNumber}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={2} miw={0}>
          <Anchor component={Link} to={policyScreenPath('policy-detail', policy.policyNumber)} fw={700} id={headingId}>
            {policy.policyNumber}
          </Anchor>
          <Text fw={500}>{latinName(policy.owner)}</Text>
          {owner ? (
            <Text size="sm" lang="km">
              {owner}
            </Text>
          ) : null}
        </Stack>
        <StatusBadge status={policy.status} size="sm" />
      </Group>
      <Text size="sm" c="dimmed" mt={6}>
        {productName(t, policy.productCode)}
      </Text>
      <Group gap="md" mt={4}>
        <Text size="sm">
          {t('servicing:premium')}:{' '}
          <Text span fw={600}>
            {showMoney(policy.modalPremium)}
          </Text>{' '}
          · {t(PREMIUM_MODE_KEYS[policy.premiumMode])}
        </Text>
        <Text size="sm">
          {t('servicing:next_due_date')}:{' '}
          <Text span fw={600}>
            {due ?? t('servicing:not_applicable')}
          </Text>
        </Text>
      </Group>
      {extra ? (
        <Text size="sm" mt={4} fw={500}>
          {extra}
        </Text>
      ) : null}
    </Card>
  );
}
