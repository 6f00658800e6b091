import { Alert, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toLanguage } from '@portal/domain/codes/languages';
import type { RemoteSignStatusResponse, SignerState } from '@portal/domain/contracts/applications/remote-signature';
import type { SignatureParty } from '@portal/domain/contracts/applications/application-steps';
import { BusyButton } from '../../../components/ui/busy-button';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';
import { useSendRemoteSign } from '../api/send-remote-sign';

const STATE_COLORS: Readonly<Record<SignerState, string>> = { inPerson: 'green', remote: 'green', sent: 'yellow', none: 'gray' };

/** "21/11/2026 09:05" from an offset date-time as the server writes it (+07:00). */
function shownTime(value: string): string {
  const [date = '', time = ''] = value.split('T');
  const [y, m, d] = date.split('-');
  return `${d}/${m}/${y} ${time.slice(0, 5)}`;
}

/**
 * One signer's state on the declaration step (signed in person, signed remotely at a time, a link
 * sent and waiting, or not yet) and, for a signer who may sign on their own phone, the button that
 * sends them the SMS link in the screen's language.
 */
export function RemoteSigner({
  applicationId,
  party,
  state,
  remote,
  canSend,
}: {
  applicationId: string;
  party: SignatureParty;
  state: SignerState;
  remote: RemoteSignStatusResponse | undefined;
  canSend: boolean;
}) {
  const { t, i18n } = useTranslation(['applications', 'errors']);
  const send = useSendRemoteSign(applicationId);
  const signature = remote?.signatures.find((s) => s.party === party);
  const pending = remote?.pending.find((p) => p.party === party);
  const label =
    state === 'remote' && signature
      ? t('applications:signer_state_remote', { time: shownTime(signature.signedAt) })
      : state === 'sent' && pending
        ? t('applications:signer_state_sent', { phone: pending.maskedPhone })
        : t(`applications:signer_state_${state === 'remote' || state === 'sent' ? 'none' : state}`);
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Badge color={STATE_COLORS[state]} variant="light" data-testid={`signer-state-${party}`} data-state={state}>
          {label}
        </Badge>
        {canSend && state !== 'inPerson' && state !== 'remote' ? (
          <BusyButton
            size="compact-sm"
            variant="light"
            busy={send.isPending}
            onClick={() =>
              send.mutate({ party: party as 'policyOwner' | 'lifeInsured', lang: toLanguage(i18n.resolvedLanguage ?? i18n.language) })
            }
            data-testid={`remote-send-${party}`}
          >
            {t(state === 'sent' ? 'applications:remote_send_again' : 'applications:remote_send')}
          </BusyButton>
        ) : null}
      </Group>
      {send.isSuccess ? (
        <Text size="xs" c="dimmed" role="status">
          {t('applications:remote_sent_done', { phone: send.data.maskedPhone })}
        </Text>
      ) : null}
      {send.isError ? (
        <Alert color="red" variant="light" role="alert">
          {translateErrorKey(isApiError(send.error) ? send.error.messageKey : 'system_error')}
        </Alert>
      ) : null}
    </Stack>
  );
}
