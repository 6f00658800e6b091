import { isolate } from '../../../lib/bidi';
import { useState } from 'react';
import { Alert, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NATIVE_NAMES, LANGUAGES, toLanguage, type Language } from '@portal/domain/codes/languages';
import type { ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import { BusyButton } from '../../../components/ui/busy-button';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';
import { useSendProposal } from '../api/send-proposal';

/**
 * "Send to customer": after a confirmation naming who receives it and in which language, an SMS
 * goes to the policy owner's phone with a link (one use, 72 hours) to the proposal, its PDF and
 * the KHQR code.
 */
export function SendToCustomer({ proposal }: { proposal: ProposalResponse }) {
  const { t, i18n } = useTranslation(['proposals', 'common', 'errors']);
  const [open, setOpen] = useState(false);
  const [lang, setLang] = useState<Language>(() => toLanguage(i18n.language));
  const send = useSendProposal(proposal.id);
  const owner = `${proposal.policyOwner.firstName} ${proposal.policyOwner.lastName}`;

  const close = () => {
    setOpen(false);
    send.reset();
  };
  const confirm = () =>
    send.mutate(lang, {
      onSuccess: (sent) => {
        setOpen(false);
        notifications.show({ color: 'green', message: t('proposals:send_done', { phone: sent.maskedPhone }), autoClose: 8000 });
      },
    });

  return (
    <>
      <Button variant="default" onClick={() => setOpen(true)} data-testid="proposal-send">
        {t('proposals:send_to_customer')}
      </Button>
      <Modal opened={open} onClose={close} title={t('proposals:send_title')} centered>
        <Stack gap="md">
          <Text size="sm">{t('proposals:send_text', { name: isolate(owner) })}</Text>
          <Radio.Group label={t('proposals:send_language')} value={lang} onChange={(value) => setLang(toLanguage(value))}>
            <Group gap="lg" mt={4}>
              {LANGUAGES.map((code) => (
                <Radio key={code} value={code} label={LANGUAGE_NATIVE_NAMES[code]} lang={code} data-testid={`send-lang-${code}`} />
              ))}
            </Group>
          </Radio.Group>
          {send.isError ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="send-error">
              {isApiError(send.error) && send.error.status === 429
                ? t('proposals:send_too_many')
                : translateErrorKey(isApiError(send.error) ? send.error.messageKey : 'system_error')}
            </Alert>
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common:cancel')}
            </Button>
            <BusyButton busy={send.isPending} onClick={confirm} data-testid="send-confirm">
              {t('proposals:send_confirm')}
            </BusyButton>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
