import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';
import { Button, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/ui/busy-button';
import { IconLock } from '../../components/ui/icons';
import { offlineKeyUnreachable, offlineKeyVersion, subscribeOfflineKey, unlockOfflineKey } from '../../lib/offline/offline-key';
import { canUnlock } from '../../lib/offline/offline-unlock';
import { rereadOutbox } from '../../lib/offline/outbox';
import { worksOffline } from '../../lib/offline/password-unlock';
import { useSession } from '../../lib/session';

/**
 * In the "no network" notice of a page that has not been online since it opened: "Unlock",
 * which opens the recent contacts and the items waiting to be sent with the password of the
 * advisor's last password sign-in on this phone (lib/offline/offline-unlock.ts). Shown only when
 * the page has no offline key, could not ask the server for it, and this phone keeps a sealed
 * copy for this advisor.
 */
export function OfflineUnlock() {
  const { t } = useTranslation(['offline']);
  const { user } = useSession();
  const queryClient = useQueryClient();
  useSyncExternalStore(subscribeOfflineKey, offlineKeyVersion, offlineKeyVersion);
  const locked = offlineKeyUnreachable();
  const owner = user && worksOffline(user.roles) ? user.id : null;
  const [possible, setPossible] = useState(false);
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [wrong, setWrong] = useState(false);

  useEffect(() => {
    if (!locked || !owner) return;
    let current = true;
    canUnlock(owner).then(
      (yes) => current && setPossible(yes),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [locked, owner]);

  if (!locked || !possible || !owner) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (password === '') {
      setWrong(true);
      return;
    }
    setBusy(true);
    setWrong(false);
    const ok = await unlockOfflineKey(owner, password).catch(() => false);
    setBusy(false);
    if (!ok) {
      setWrong(true);
      return;
    }
    setPassword('');
    setOpened(false);
    rereadOutbox();
    void queryClient.invalidateQueries();
  };

  return (
    <>
      <Text size="sm" mt={4}>
        {t('offline:unlock_hint')}
      </Text>
      <Button
        size="compact-sm"
        variant="white"
        mt="xs"
        leftSection={<IconLock size={14} />}
        onClick={() => setOpened(true)}
        data-testid="offline-unlock"
      >
        {t('offline:unlock_button')}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('offline:unlock_title')} centered>
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Stack gap="sm">
            <Text size="sm">{t('offline:unlock_body')}</Text>
            <PasswordInput
              label={t('offline:unlock_password')}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
              autoComplete="current-password"
              data-autofocus
              required
              error={wrong ? t('offline:unlock_wrong') : undefined}
              visibilityToggleButtonProps={{ 'aria-label': t('offline:unlock_show_password') }}
              data-testid="offline-unlock-password"
            />
            <BusyButton type="submit" busy={busy} data-testid="offline-unlock-submit">
              {t('offline:unlock_submit')}
            </BusyButton>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
