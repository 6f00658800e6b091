import { useState } from 'react';
import { Alert, Anchor, Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { browserSupportsWebAuthn, startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { bindPasskeyRequestSchema, type BindPasskeyRequest } from '@portal/domain/contracts/auth/bind-passkey';
import { IconAlert, IconCheck } from '../../../components/ui/icons';
import { translateFormError } from '../../../lib/i18n';
import { safeNextPath } from '../../../lib/session';
import { bindPasskey, passkeyKeys, passkeyRegistrationOptions, requestBindOtp } from '../../../lib/api/passkeys';
import { setBiometricEnabled } from '../../../lib/biometric-flag';
import { clearOtpRequest, newOtpRequest, readOtpRequest, saveOtpRequest, type OtpRequest } from '../hooks/otp-request';
import { authErrorMessage, isRequestCodeInvalid } from '../../../lib/auth-errors';
import { registrationErrorMessage } from '../hooks/webauthn-errors';
import { VerifyCodeForm } from './verify-code-form';
import { BusyButton } from '../../../components/ui/busy-button';

const KEY = 'passkeyBind' as const;
const nameFormSchema = z.object({ name: bindPasskeyRequestSchema.shape.name });
/** A verified request this close to its end is not worth starting the device prompt with. */
const MIN_REQUEST_LIFE_MS = 30_000;

type Phase =
  | { step: 'intro' }
  | { step: 'verify'; request: OtpRequest }
  | { step: 'working'; request: OtpRequest }
  | { step: 'retry'; request: OtpRequest }
  | { step: 'done' };

/** Whether the request has enough life left to start the device prompt with. */
function hasLifeLeft(request: OtpRequest): boolean {
  return request.expiresAt - Date.now() > MIN_REQUEST_LIFE_MS;
}

function usableVerified(): OtpRequest | null {
  const stored = readOtpRequest(KEY);
  return stored?.verified && hasLifeLeft(stored) ? stored : null;
}

/**
 * Registering a passkey (spec `auth/webauth/register-biometric`): a name, a code sent by SMS to
 * confirm it is the account owner (profile OTP), then the device's own prompt
 * (startRegistration) and POST /bind. Success sets the biometric flag.
 */
export function PasskeyRegisterFlow() {
  const { t } = useTranslation(['auth', 'validation', 'errors', 'common']);
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const next = safeNextPath(params.get('next'));
  const [supported] = useState(() => browserSupportsWebAuthn());
  const [phase, setPhase] = useState<Phase>({ step: 'intro' });
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [name, setName] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(nameFormSchema),
    defaultValues: { name: t('auth:passkey_default_name') },
  });

  const createPasskey = async (request: OtpRequest, passkeyName: string) => {
    setError(null);
    if (!hasLifeLeft(request)) {
      // The verified request is (nearly) over: a new code is needed first.
      clearOtpRequest(KEY);
      setError(t('errors:request_code_invalid'));
      setPhase({ step: 'intro' });
      return;
    }
    setPhase({ step: 'working', request });
    try {
      const options = await passkeyRegistrationOptions({ requestCode: request.requestCode });
      const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
      const body: BindPasskeyRequest = {
        requestCode: request.requestCode,
        response: response as unknown as BindPasskeyRequest['response'],
        ...(passkeyName ? { name: passkeyName } : {}),
      };
      await bindPasskey(body);
      setBiometricEnabled(true);
      clearOtpRequest(KEY);
      await queryClient.invalidateQueries({ queryKey: passkeyKeys.list });
      setPhase({ step: 'done' });
    } catch (failure) {
      if (isRequestCodeInvalid(failure)) {
        clearOtpRequest(KEY);
        setError(authErrorMessage(failure, t));
        setPhase({ step: 'intro' });
        return;
      }
      setError(registrationErrorMessage(failure, t));
      setPhase({ step: 'retry', request });
    }
  };

  const onStart = handleSubmit(async (values) => {
    const passkeyName = values.name?.trim() ?? '';
    setName(passkeyName);
    setError(null);
    const verified = usableVerified();
    if (verified) {
      await createPasskey(verified, passkeyName);
      return;
    }
    setStarting(true);
    try {
      const response = await requestBindOtp();
      setPhase({ step: 'verify', request: saveOtpRequest(KEY, newOtpRequest(response)) });
    } catch (failure) {
      setError(authErrorMessage(failure, t));
    } finally {
      setStarting(false);
    }
  });

  const restart = () => {
    clearOtpRequest(KEY);
    setError(null);
    setPhase({ step: 'intro' });
  };

  if (!supported) {
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlert />} data-testid="passkey-unsupported">
          {t('auth:passkey_unsupported')}
        </Alert>
        <Button component={Link} to={next} fullWidth>
          {t('auth:continue_to_dashboard')}
        </Button>
      </Stack>
    );
  }

  if (phase.step === 'done') {
    return (
      <Stack gap="md">
        <Alert color="green" variant="light" icon={<IconCheck />} role="status" data-testid="passkey-registered">
          {t('auth:passkey_registered')}
        </Alert>
        <Button component={Link} to={next} fullWidth>
          {t('auth:continue_to_dashboard')}
        </Button>
        <Anchor component={Link} to="/home/profile" size="sm" ta="center">
          {t('auth:passkey_manage')}
        </Anchor>
      </Stack>
    );
  }

  const errorAlert = error ? (
    <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="passkey-error">
      {error}
    </Alert>
  ) : null;

  if (phase.step === 'verify') {
    return (
      <Stack gap="md">
        {errorAlert}
        <VerifyCodeForm
          key={phase.request.requestCode}
          storageKey={KEY}
          request={phase.request}
          intro={t('auth:passkey_verify_intro', { phone: phase.request.maskedPhone ?? '' })}
          submitLabel={t('auth:passkey_verify_submit')}
          onVerified={(request) => void createPasskey(request, name)}
          onRestart={restart}
          restartLabel={t('auth:passkey_start_again')}
        />
      </Stack>
    );
  }

  if (phase.step === 'working') {
    return (
      <Stack gap="md" align="center" role="status" aria-live="polite" data-testid="passkey-working">
        <Loader />
        <Text ta="center">{t('auth:passkey_prompt')}</Text>
      </Stack>
    );
  }

  if (phase.step === 'retry') {
    const { request } = phase;
    return (
      <Stack gap="md">
        {errorAlert}
        <Button onClick={() => void createPasskey(request, name)} fullWidth data-testid="passkey-retry">
          {t('auth:passkey_try_again')}
        </Button>
        <Button component={Link} to={next} variant="default" fullWidth>
          {t('auth:passkey_not_now')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void onStart(event)} noValidate>
      <Stack gap="md">
        <Text>{t('auth:register_biometric_text')}</Text>
        <Text size="sm" c="dimmed">
          {t('auth:passkey_register_steps')}
        </Text>
        {errorAlert}
        <TextInput
          {...register('name')}
          id="passkey-name"
          label={t('auth:passkey_name_label')}
          description={t('auth:passkey_name_hint')}
          maxLength={50}
          autoComplete="off"
          error={
            errors.name &&
            (errors.name.message === 'maxlength' ? t('validation:maxlength_n', { max: 50 }) : translateFormError(errors.name.message))
          }
        />
        <BusyButton type="submit" fullWidth busy={starting} data-testid="passkey-start">
          {t('auth:passkey_register_start')}
        </BusyButton>
        <Group justify="center">
          <Anchor component={Link} to={next} size="sm">
            {t('auth:passkey_not_now')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
