import { useState } from 'react';
import { Alert, Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlert } from '../../../components/ui/icons';
import { KhqrCode } from '../../../components/ui/khqr-code';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';
import { useOpcPayment } from '../api/opc-payment';
import { MODE_LABELS } from './labels';
import { usd } from './money';

/** The first premium's KHQR code and payment reference, shown when the advisor asks for it. */
export function KhqrPanel({ proposalNumber, proposalId, autoLoad }: { proposalNumber: string; proposalId: string; autoLoad: boolean }) {
  const { t } = useTranslation(['proposals', 'common', 'errors']);
  const [asked, setAsked] = useState(autoLoad);
  const payment = useOpcPayment(proposalNumber, asked, proposalId);
  return (
    <Card withBorder radius="md" padding="md" data-testid="khqr-panel">
      <Title order={2} size="h4" mb="xs">
        {t('proposals:payment_title')}
      </Title>
      {!asked ? (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('proposals:payment_intro')}</Text>
          <Button onClick={() => setAsked(true)} data-testid="khqr-show">
            {t('proposals:payment_show')}
          </Button>
        </Stack>
      ) : payment.isPending ? (
        <Skeleton height={200} />
      ) : payment.isError ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{translateErrorKey(isApiError(payment.error) ? payment.error.messageKey : 'system_error')}</Text>
            <Button size="sm" variant="light" color="red" onClick={() => void payment.refetch()}>
              {t('common:retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <KhqrCode
          qrImage={payment.data.qrImage}
          reference={payment.data.paymentReference}
          amount={`${usd(payment.data.amount)} · ${t(MODE_LABELS[payment.data.premiumMode])}`}
          expiresAt={payment.data.expiresAt}
        />
      )}
    </Card>
  );
}
