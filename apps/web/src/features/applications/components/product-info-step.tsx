import { Card, Checkbox, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PAYMENT_LABELS, PREMIUM_MODE_LABELS } from '@portal/domain/codes/application-labels';
import { isBankPayment, isPaymentType, PAYMENT_TYPE_CODES, PREMIUM_BANK_CODE } from '@portal/domain/codes/payment-types';
import type { ApplicationProduct } from '@portal/domain/contracts/applications/application-response';
import { useCatalogueName } from '../api/find-products';
import { formatMoney } from '../hooks/money';
import { errorAt } from '../hooks/field-errors';
import type { Wizard } from '../hooks/use-wizard';

/** Step 1: the product from the proposal, recalculated by the engine (read-only), and how premiums are paid. */
export function ProductInfoStep({ wizard, product }: { wizard: Wizard; product: ApplicationProduct }) {
  const { t } = useTranslation(['applications', 'validation', 'proposals']);
  const name = useCatalogueName();
  const data = wizard.steps.productInfo;
  const issues = wizard.issuesOf('productInfo');
  const shown = wizard.showErrors('productInfo');
  const set = (patch: Partial<typeof data>) => wizard.update('productInfo', { ...data, ...patch });
  const bank = isPaymentType(data.paymentType) && isBankPayment(data.paymentType);
  return (
    <Stack gap="lg">
      <Card withBorder radius="md" component="section" aria-labelledby="product-heading">
        <Title order={2} size="h4" id="product-heading" mb="sm">
          {t('applications:product_title')}
        </Title>
        <Table variant="vertical" withTableBorder data-testid="product-summary">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th>{t('applications:proposal_number')}</Table.Th>
              <Table.Td>{product.proposalNumber ?? '—'}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('applications:product_code')}</Table.Th>
              <Table.Td data-testid="product-name">
                {[name('product', product.productCode), name('plan', product.planKey)].filter(Boolean).join(' · ')}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('applications:face_amount')}</Table.Th>
              <Table.Td>{formatMoney(product.faceAmount)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('applications:terms')}</Table.Th>
              <Table.Td>{t('applications:terms_value', { policy: product.policyTerm, premium: product.premiumTerm })}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('applications:premium')}</Table.Th>
              <Table.Td>
                {formatMoney(product.premium)} ({t(PREMIUM_MODE_LABELS[product.premiumMode])})
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('applications:riders')}</Table.Th>
              <Table.Td data-testid="product-riders">{product.riders.map((r) => name('rider', r.code)).join(', ') || '—'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm" c="dimmed" mt="xs">
          {t('applications:product_recalculated', { date: product.quote.calculationDate })}
        </Text>
      </Card>
      <Card withBorder radius="md" component="section" aria-labelledby="payment-heading">
        <Title order={2} size="h4" id="payment-heading" mb="sm">
          {t('applications:payment_title')}
        </Title>
        <Stack gap="sm">
          <NativeSelect
            id="paymentType"
            label={t('applications:field_payment_type')}
            value={data.paymentType ?? ''}
            onChange={(e) => set({ paymentType: e.currentTarget.value })}
            error={errorAt(issues, 'paymentType', shown)}
            required
            data={[
              { value: '', label: t('applications:choose') },
              ...PAYMENT_TYPE_CODES.map((c) => ({ value: c, label: t(PAYMENT_LABELS[c]) })),
            ]}
          />
          {bank ? (
            <NativeSelect
              id="premiumBankCode"
              label={t('applications:field_premium_bank')}
              value={data.premiumBankCode ?? ''}
              onChange={(e) => set({ premiumBankCode: e.currentTarget.value })}
              error={errorAt(issues, 'premiumBankCode', shown)}
              required
              data={[
                { value: '', label: t('applications:choose') },
                { value: PREMIUM_BANK_CODE, label: t('applications:premium_bank_005') },
              ]}
            />
          ) : null}
          <Checkbox
            id="confirmed"
            label={t('applications:product_confirmed')}
            checked={data.confirmed === true}
            onChange={(e) => set({ confirmed: e.currentTarget.checked })}
            error={errorAt(issues, 'confirmed', shown)}
          />
        </Stack>
      </Card>
    </Stack>
  );
}
