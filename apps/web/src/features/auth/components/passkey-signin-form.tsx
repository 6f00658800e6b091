import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import * as z from 'zod/mini';
import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { USERNAME_MAX_LENGTH } from '@portal/domain/constants/field-limits';
import type { PasskeyLoginRequest } from '@portal/domain/contracts/auth/passkey-login';
import { IconAlert, IconFingerprint } from '../../../components/ui/icons';
import { translateFormError } from '../../../lib/i18n';
import { storeLogin } from '../../../lib/session';
import { passkeyAuthenticationOptions, passkeyLogin } from '../../../lib/api/passkeys';
import { setBiometricEnabled } from '../../../lib/biometric-flag';
import { authenticationErrorMessage } from '../hooks/webauthn-errors';
import { BusyButton } from '../../../components/ui/busy-button';

const formSchema = z.object({ username: z.string().check(z.trim(), z.maxLength(USERNAME_MAX_LENGTH, { error: 'maxlength' })) });

/**
 * Passkey sign-in (spec `auth/webauth/login-biometric`): options from POST /assertions, the
 * device's prompt (startAuthentication), then POST /webauthn answers the same session as the
 * OTP step, stored the same way. Passkeys are discoverable, so the username is optional.
 */
export function PasskeySignInForm({ next }: { next: string }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: { username: '' },
  });

  const onSubmit = handleSubmit(async ({ username }) => {
    setError(null);
    setWorking(true);
    try {
      const options = await passkeyAuthenticationOptions(username ? { username } : {});
      const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
      const session = await passkeyLogin({ response: response as unknown as PasskeyLoginRequest['response'] });
      queryClient.clear();
      storeLogin({ accessToken: session.accessToken, refreshToken: session.refreshToken }, session.user);
      setBiometricEnabled(true);
      await navigate(next, { replace: true });
    } catch (failure) {
      setError(authenticationErrorMessage(failure, t));
    } finally {
      setWorking(false);
    }
  });

  if (!supported) {
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlert />} data-testid="passkey-unsupported">
          {t('auth:passkey_unsupported')}
        </Alert>
        <Button component={Link} to="/auth/signin" fullWidth>
          {t('auth:use_password_instead')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text>{t('auth:login_biometric_text')}</Text>
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="passkey-error">
            {error}
          </Alert>
        ) : null}
        <TextInput
          {...register('username')}
          id="passkey-username"
          label={t('auth:username_optional')}
          description={t('auth:passkey_username_hint')}
          autoComplete="username webauthn"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          error={
            errors.username &&
            (errors.username.message === 'maxlength'
              ? t('validation:maxlength_n', { max: USERNAME_MAX_LENGTH })
              : translateFormError(errors.username.message))
          }
        />
        <BusyButton type="submit" fullWidth busy={working} leftSection={<IconFingerprint />} data-testid="passkey-signin-submit">
          {t('auth:passkey_signin_submit')}
        </BusyButton>
        <Anchor
          component={Link}
          to={next === '/home' ? '/auth/signin' : `/auth/signin?next=${encodeURIComponent(next)}`}
          size="sm"
          ta="center"
        >
          {t('auth:use_password_instead')}
        </Anchor>
      </Stack>
    </form>
  );
}
