import type { ReactNode } from 'react';
import { Group, Image, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDisplayDate } from '@portal/domain/format/date';

/**
 * A KHQR payment code as the advisor's screen and the customer's page show it: the red KHQR band,
 * the QR image, then the payment reference, the amount (as given) and the date the code expires.
 */
export function KhqrCode(props: { qrImage: string; reference: string; amount: ReactNode; expiresAt: string; size?: number }) {
  const { t } = useTranslation('proposals');
  const size = props.size ?? 200;
  return (
    <Group align="flex-start" gap="md" wrap="wrap">
      <Stack gap={0} align="center">
        <Text bg="red.8" c="white" fw={700} w={size} ta="center" style={{ borderRadius: '6px 6px 0 0' }}>
          KHQR
        </Text>
        <Image
          src={props.qrImage}
          alt={t('proposals:khqr_alt', { reference: props.reference })}
          w={size}
          h={size}
          data-testid="khqr-image"
        />
      </Stack>
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t('proposals:payment_reference')}
        </Text>
        <Text fw={700} data-testid="khqr-reference">
          {props.reference}
        </Text>
        <Text size="sm" c="dimmed">
          {t('proposals:amount')}
        </Text>
        <Text fw={700}>{props.amount}</Text>
        <Text size="sm" c="dimmed">
          {t('proposals:valid_until')}
        </Text>
        <Text>{formatDisplayDate(props.expiresAt)}</Text>
        <Text size="xs" c="dimmed" maw={320}>
          {t('proposals:payment_scan')}
        </Text>
      </Stack>
    </Group>
  );
}
