import { Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { platformAuthenticatorIsAvailable } from '@simplewebauthn/browser';
import { isBiometricEnabled } from '../../../lib/biometric-flag';

const OFFERED_KEY = 'passkeyOffered';
const NOTIFICATION_ID = 'passkey-offer';

type Translate = (key: string) => string;

/**
 * After a password sign-in: when this device can unlock with fingerprint, face or screen lock
 * and has no passkey for the account yet, offer to set one up (once per tab session). The offer
 * stays until closed, so there is no time limit to read and act on it.
 */
export async function offerPasskeyAfterSignIn(t: Translate, goToSetup: () => void): Promise<void> {
  try {
    if (isBiometricEnabled() || sessionStorage.getItem(OFFERED_KEY)) return;
    if (!(await platformAuthenticatorIsAvailable())) return;
    sessionStorage.setItem(OFFERED_KEY, '1');
  } catch {
    return;
  }
  const open = () => {
    notifications.hide(NOTIFICATION_ID);
    goToSetup();
  };
  notifications.show({
    id: NOTIFICATION_ID,
    autoClose: false,
    closeButtonProps: { 'aria-label': t('common:close') },
    title: t('auth:passkey_offer_title'),
    message: (
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('auth:passkey_offer_text')}</Text>
        <Button size="compact-sm" onClick={open} data-testid="passkey-offer-setup">
          {t('auth:passkey_offer_action')}
        </Button>
      </Stack>
    ),
  });
}
