import { Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PREMIUM_BANK_CODE } from '@portal/domain/codes/payment-types';
import type { PolicyPayment } from '@portal/domain/contracts/policies/policy-fields';
import { showDate, showMoney } from './format';
import { CURRENCY_KEYS, PAYMENT_TYPE_KEYS } from './labels';

/**
 * One premium payment: date and amount (in the currency it was paid in), how it was paid (CDB,
 * CHQ, CS, WING, PTPP in words), the bank for bank payments, the source policy of a transfer, the
 * reference and the period it paid for.
 */
export function PaymentRow({ payment }: { payment: PolicyPayment }) {
  const { t } = useTranslation(['servicing']);
  const details = [
    payment.bankCode
      ? payment.bankCode === PREMIUM_BANK_CODE
        ? t('servicing:bank_premium', { code: payment.bankCode })
        : t('servicing:bank_code_value', { code: payment.bankCode })
      : null,
    payment.sourcePolicyNumber ? t('servicing:payment_from_policy', { number: payment.sourcePolicyNumber }) : null,
    payment.reference ? t('servicing:payment_reference', { reference: payment.reference }) : null,
    payment.periodFrom && payment.periodTo
      ? t('servicing:payment_period', { from: showDate(payment.periodFrom), to: showDate(payment.periodTo) })
      : null,
  ].filter((line): line is string => Boolean(line));
  return (
    <Card withBorder padding="xs" component="li" data-payment-type={payment.paymentType}>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Stack gap={0} miw={0}>
          <Text fw={700}>{showDate(payment.paymentDate)}</Text>
          <Text size="sm">
            {t(PAYMENT_TYPE_KEYS[payment.paymentType])} ({payment.paymentType})
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text fw={700} ta="right">
            {showMoney(payment.amount)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(CURRENCY_KEYS[payment.amount.currency])}
          </Text>
        </Stack>
      </Group>
      {details.length > 0 ? (
        <Text size="sm" c="dimmed" mt={2}>
          {details.join(' · ')}
        </Text>
      ) : null}
    </Card>
  );
}
