import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { policyScreenPath, usePolicyNumber } from '../hooks/policy-paths';
import { FieldList } from './field-list';
import { showDate, showMoney } from './format';
import { PaymentRow } from './payment-row';
import { PolicyFrame } from './policy-frame';
import { EmptyNote } from './query-state';

function Payments({ detail }: { detail: PolicyDetailsResponse }) {
  const { t } = useTranslation(['servicing']);
  const { payments } = detail;
  return (
    <Stack gap="lg" mb="lg">
      <Card withBorder padding="md" component="section" aria-labelledby="payment-totals-heading">
        <Title order={2} size="h4" id="payment-totals-heading" mb="sm">
          {t('servicing:payment_totals')}
        </Title>
        <FieldList
          cols={3}
          fields={[
            { label: t('servicing:payment_count'), value: String(payments.count) },
            { label: t('servicing:payment_total_paid'), value: payments.totals.map((m) => showMoney(m)).join(' + ') || null },
            { label: t('servicing:last_payment_date'), value: showDate(payments.lastPaymentDate) },
          ]}
        />
      </Card>
      <section aria-labelledby="recent-payments-heading">
        <Group justify="space-between" align="baseline" mb="xs">
          <Title order={2} size="h4" id="recent-payments-heading">
            {t('servicing:recent_payments')}
          </Title>
          {payments.count > payments.recent.length ? (
            <Text size="sm" c="dimmed">
              {t('servicing:recent_payments_of', { shown: payments.recent.length, count: payments.count })}
            </Text>
          ) : null}
        </Group>
        {payments.recent.length === 0 ? (
          <EmptyNote description={t('servicing:premium_payment_empty')} />
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} data-testid="payments">
            {payments.recent.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} />
            ))}
          </Stack>
        )}
        {payments.count > 0 ? (
          <Button component={Link} to={policyScreenPath('premium-list', detail.policyNumber)} variant="light" mt="sm">
            {t('servicing:all_payments')}
          </Button>
        ) : null}
      </section>
    </Stack>
  );
}

/** The policy's premium payments: totals per currency, and the newest twelve. */
export function PremiumPaymentScreen() {
  const policyNumber = usePolicyNumber();
  return (
    <PolicyFrame titleKey="servicing:premium_payment_title" current="premium-payment" policyNumber={policyNumber}>
      {(detail) => <Payments detail={detail} />}
    </PolicyFrame>
  );
}
