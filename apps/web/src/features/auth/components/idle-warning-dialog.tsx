import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../hooks/use-countdown';

export interface IdleWarningDialogProps {
  /** When the session ends (epoch ms); null: no warning shown. */
  deadline: number | null;
  onStay: () => void;
  onSignOut: () => void;
}

/**
 * The warning before the idle limit (spec §4/§9). Its own chunk (Modal, focus trap, scroll lock):
 * IdleSessionGuard loads it after the first screen has drawn.
 */
export function IdleWarningDialog({ deadline, onStay, onSignOut }: IdleWarningDialogProps) {
  const { t } = useTranslation(['common']);
  const secondsLeft = useCountdown(deadline ?? 0);
  return (
    <Modal
      opened={deadline !== null}
      onClose={onStay}
      title={t('common:idle_title')}
      centered
      closeOnClickOutside={false}
      withCloseButton={false}
      trapFocus
      returnFocus
      zIndex={400}
      data-testid="idle-warning"
    >
      <Stack gap="md">
        <Text data-testid="idle-countdown">{t('common:idle_text', { seconds: secondsLeft })}</Text>
        <Group justify="flex-end" gap="sm" wrap="wrap">
          <Button variant="default" onClick={onSignOut} data-testid="idle-sign-out">
            {t('common:sign_out')}
          </Button>
          <Button onClick={onStay} data-autofocus data-testid="idle-stay">
            {t('common:idle_stay')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
