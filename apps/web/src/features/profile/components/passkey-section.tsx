import { useState } from 'react';
import { Alert, Button, Card, Group, Modal, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PasskeySummary } from '@portal/domain/contracts/auth/passkey-summary';
import { formatDisplayDate } from '@portal/domain/format/date';
import { IconAlert, IconFingerprint } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';
import { useDeletePasskey, usePasskeys } from '../../../lib/api/passkeys';
import { setBiometricEnabled } from '../../../lib/biometric-flag';
import { BusyButton } from '../../../components/ui/busy-button';

function errorText(error: unknown): string {
  return translateErrorKey(isApiError(error) ? error.messageKey : 'system_error');
}

/** One passkey: its name, when it was added and last used, and a remove button. */
function PasskeyRow({ passkey, onRemove }: { passkey: PasskeySummary; onRemove: (passkey: PasskeySummary) => void }) {
  const { t } = useTranslation(['profile']);
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="sm" py="xs" className="passkey-row" data-testid="passkey-row">
      <Stack gap={2} miw={0}>
        <Text fw={600} truncate="end">
          {passkey.name}
        </Text>
        <Text size="sm" c="dimmed">
          {t('profile:passkey_created', { date: formatDisplayDate(passkey.createdDate) })}
        </Text>
        <Text size="sm" c="dimmed">
          {passkey.lastUsedDate
            ? t('profile:passkey_last_used', { date: formatDisplayDate(passkey.lastUsedDate) })
            : t('profile:passkey_never_used')}
        </Text>
      </Stack>
      <Button
        variant="light"
        color="red"
        size="compact-sm"
        onClick={() => onRemove(passkey)}
        aria-label={t('profile:passkey_delete_label', { name: passkey.name })}
        data-testid="passkey-delete"
      >
        {t('profile:passkey_delete')}
      </Button>
    </Group>
  );
}

/**
 * The caller's passkeys (GET /api/auth/v1/webauthn) with remove behind a confirmation
 * (POST /api/auth/v1/delete/webauthn), and the way to add one (register-biometric).
 */
export function PasskeySection() {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const passkeys = usePasskeys();
  const remove = useDeletePasskey();
  const [pending, setPending] = useState<PasskeySummary | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);

  const close = () => {
    setPending(null);
    setRemoveError(null);
  };

  const confirmRemove = async () => {
    if (!pending) return;
    setRemoveError(null);
    try {
      await remove.mutateAsync({ id: pending.id });
      const left = (passkeys.data ?? []).filter((p) => p.id !== pending.id).length;
      if (left === 0) setBiometricEnabled(false);
      notifications.show({ color: 'green', message: t('profile:passkey_deleted') });
      close();
    } catch (error) {
      setRemoveError(errorText(error));
    }
  };

  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="profile-passkeys" data-testid="passkey-section">
      <Title order={2} size="h4" id="profile-passkeys" mb="xs">
        {t('profile:passkeys_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile:passkeys_intro')}
      </Text>
      {passkeys.isPending ? (
        <Stack gap="xs" py="xs" role="status" aria-busy="true" aria-label={t('common:loading')}>
          <Skeleton height={18} width="60%" />
          <Skeleton height={18} width="45%" />
        </Stack>
      ) : passkeys.isError ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorText(passkeys.error)}</Text>
            <Button size="compact-sm" variant="default" onClick={() => void passkeys.refetch()}>
              {t('common:retry')}
            </Button>
          </Stack>
        </Alert>
      ) : passkeys.data.length === 0 ? (
        <Text size="sm" data-testid="passkeys-empty">
          {t('profile:passkeys_empty')}
        </Text>
      ) : (
        <Stack component="ul" gap={0} m={0} p={0} aria-labelledby="profile-passkeys" className="passkey-list">
          {passkeys.data.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} onRemove={setPending} />
          ))}
        </Stack>
      )}
      <Group mt="md">
        <Button
          component={Link}
          to="/auth/webauth/register-biometric?next=%2Fhome%2Fprofile"
          variant="light"
          leftSection={<IconFingerprint size={18} />}
          data-testid="passkey-add"
        >
          {t('profile:passkey_add')}
        </Button>
      </Group>
      <Modal opened={pending !== null} onClose={close} title={t('profile:passkey_delete_title')} centered>
        <Stack gap="md">
          <Text>{t('profile:passkey_delete_text', { name: pending?.name ?? '' })}</Text>
          {removeError ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {removeError}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              {t('common:cancel')}
            </Button>
            <BusyButton color="red" onClick={() => void confirmRemove()} busy={remove.isPending} data-testid="passkey-delete-confirm">
              {t('profile:passkey_delete')}
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
