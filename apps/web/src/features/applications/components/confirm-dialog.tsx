import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/busy-button';

/** Asks before a destructive action (deleting an uploaded document). */
export function ConfirmDialog({
  opened,
  message,
  onConfirm,
  onCancel,
  busy,
}: {
  opened: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation(['applications', 'common']);
  return (
    <Modal opened={opened} onClose={onCancel} title={t('applications:confirm_title')} centered>
      <Text mb="md">{message}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('applications:cancel')}
        </Button>
        <BusyButton color="red" onClick={onConfirm} busy={busy} data-testid="confirm-delete">
          {t('applications:delete')}
        </BusyButton>
      </Group>
    </Modal>
  );
}
