import { useState } from 'react';
import { Alert, Button, Card, Group, Image, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '@portal/domain/format/date';
import { IconAlert } from '../../../components/ui/icons';
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
        <Group align="flex-start" gap="md" wrap="wrap">
          <Stack gap={0} align="center">
            <Text bg="red.8" c="white" fw={700} w={200} ta="center" style={{ borderRadius: '6px 6px 0 0' }}>
              KHQR
            </Text>
            <Image
              src={payment.data.qrImage}
              alt={t('proposals:khqr_alt', { reference: payment.data.paymentReference })}
              w={200}
              h={200}
              data-testid="khqr-image"
            />
          </Stack>
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('proposals:payment_reference')}
            </Text>
            <Text fw={700} data-testid="khqr-reference">
              {payment.data.paymentReference}
            </Text>
            <Text size="sm" c="dimmed">
              {t('proposals:amount')}
            </Text>
            <Text fw={700}>
              {usd(payment.data.amount)} · {t(MODE_LABELS[payment.data.premiumMode])}
            </Text>
            <Text size="sm" c="dimmed">
              {t('proposals:valid_until')}
            </Text>
            <Text>{formatDisplayDate(payment.data.expiresAt)}</Text>
            <Text size="xs" c="dimmed" maw={320}>
              {t('proposals:payment_scan')}
            </Text>
          </Stack>
        </Group>
      )}
    </Card>
  );
}
