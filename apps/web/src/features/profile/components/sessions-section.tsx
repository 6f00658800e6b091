import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ProfileResponse } from '@portal/domain/contracts/user/profile';
import { formatDisplayDate } from '@portal/domain/format/date';
import { TONE_TEXT } from '../../../components/ui/tone-text';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/profile';
import { BusyButton } from '../../../components/ui/busy-button';

/** Active sessions (one per sign-in) and, behind a confirmation, signing out all but this one. */
export function SessionsSection({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation(['profile', 'common', 'errors']);
  const update = useUpdateProfile();
  const [confirming, setConfirming] = useState(false);
  const others = profile.sessions.filter((s) => !s.current).length;
  const signOut = async () => {
    try {
      await update.mutateAsync({ action: 'signOutOtherSessions' });
      notifications.show({ color: 'green', message: t('profile:signed_out_others') });
      setConfirming(false);
    } catch {
      // shown below
    }
  };
  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="profile-sessions" data-testid="sessions-section">
      <Title order={2} size="h4" id="profile-sessions" mb="sm">
        {t('profile:sessions_title')}
      </Title>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {profile.sessions.map((s) => (
          <Stack key={s.id} gap={2} component="li" data-testid="session-row">
            <Group gap="xs">
              <Text fw={600}>{t('profile:session_started', { date: formatDisplayDate(s.startedDate) })}</Text>
              {s.current ? (
                <Badge variant="light" c={TONE_TEXT.blue} tt="none">
                  {t('profile:session_current')}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {t('profile:session_active', { date: formatDisplayDate(s.lastActiveDate) })}
              {s.ip ? ` · ${t('profile:session_ip', { ip: s.ip })}` : ''}
            </Text>
          </Stack>
        ))}
      </Stack>
      {others === 0 ? (
        <Text size="sm" c="dimmed" mt="sm">
          {t('profile:no_other_sessions')}
        </Text>
      ) : (
        <Group mt="md">
          <Button color="red" variant="light" onClick={() => setConfirming(true)} data-testid="sign-out-others">
            {t('profile:sign_out_others')}
          </Button>
        </Group>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('profile:sign_out_others_title')} centered>
        <Stack gap="md">
          <Text>{t('profile:sign_out_others_text')}</Text>
          {update.isError ? (
            <Alert color="red" variant="light" role="alert">
              {translateErrorKey(isApiError(update.error) ? update.error.messageKey : 'system_error')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t('common:cancel')}
            </Button>
            <BusyButton color="red" busy={update.isPending} onClick={() => void signOut()} data-testid="confirm-sign-out-others">
              {t('profile:sign_out_others')}
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
