import { useState } from 'react';
import { Alert, Anchor, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { requestResetOtpRequestSchema } from '@portal/domain/contracts/auth/request-reset-otp';
import { IconAlert } from '../../../components/ui/icons';
import { translateFormError } from '../../../lib/i18n';
import { useRequestResetOtp } from '../api/password-reset';
import { clearOtpRequest, newOtpRequest, readOtpRequest, saveOtpRequest, type OtpRequest } from '../hooks/otp-request';
import { authErrorMessage, fieldErrorsOf } from '../../../lib/auth-errors';
import { VerifyCodeForm } from './verify-code-form';
import { BusyButton } from '../../../components/ui/busy-button';

const KEY = 'passwordReset' as const;

/** Step 1: the username. The answer is the same whether or not it exists (no enumeration). */
function UsernameStep({ onSent }: { onSent: (request: OtpRequest) => void }) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const send = useRequestResetOtp();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(requestResetOtpRequestSchema),
    defaultValues: { username: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const response = await send.mutateAsync(values);
      onSent(saveOtpRequest(KEY, newOtpRequest(response)));
    } catch (error) {
      const fields = fieldErrorsOf(error).filter((e) => e.field === 'username');
      if (fields[0]) setError('username', { type: 'server', message: fields[0].key });
      else setServerError(authErrorMessage(error, t));
    }
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text>{t('auth:forgot_password_intro')}</Text>
        {serverError ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="forgot-error">
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          {...register('username')}
          id="forgot-username"
          label={t('auth:username')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          error={errors.username && translateFormError(errors.username.message)}
        />
        <BusyButton type="submit" fullWidth busy={send.isPending} data-testid="forgot-submit">
          {t('auth:forgot_password_submit')}
        </BusyButton>
      </Stack>
    </form>
  );
}

/**
 * Forgot password, on one screen: the username, then the code sent by SMS. A verified request
 * moves on to /auth/signin/reset-password; the request code stays in sessionStorage only.
 */
export function ForgotPasswordFlow() {
  const { t } = useTranslation(['auth']);
  const navigate = useNavigate();
  const [request, setRequest] = useState<OtpRequest | null>(() => {
    const stored = readOtpRequest(KEY);
    return stored && !stored.verified ? stored : null;
  });

  const restart = () => {
    clearOtpRequest(KEY);
    setRequest(null);
  };

  return (
    <Stack gap="md">
      {request ? (
        <VerifyCodeForm
          key={request.requestCode}
          storageKey={KEY}
          request={request}
          intro={t('auth:reset_otp_sent')}
          submitLabel={t('auth:verify_code_submit')}
          onVerified={() => void navigate('/auth/signin/reset-password')}
          onRestart={restart}
          restartLabel={t('auth:use_other_username')}
        />
      ) : (
        <UsernameStep onSent={setRequest} />
      )}
      <Anchor component={Link} to="/auth/signin" size="sm" ta="center">
        {t('auth:back_to_signin')}
      </Anchor>
    </Stack>
  );
}
