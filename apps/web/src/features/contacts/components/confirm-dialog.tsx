import type { ReactNode } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconAlert } from '../../../components/ui/icons';
import { BusyButton } from '../../../components/ui/busy-button';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy: boolean;
  error: string | null;
  testId: string;
}

/** "Are you sure?" before something that cannot be undone from the screen (remove, delete). */
export function ConfirmDialog({ opened, title, children, confirmLabel, onConfirm, onClose, busy, error, testId }: ConfirmDialogProps) {
  const { t } = useTranslation(['common']);
  return (
    <Modal opened={opened} onClose={busy ? () => undefined : onClose} title={title} centered data-testid={testId}>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <BusyButton color="red" onClick={onConfirm} busy={busy} data-testid={`${testId}-confirm`}>
            {confirmLabel}
          </BusyButton>
        </Group>
      </Stack>
    </Modal>
  );
}
