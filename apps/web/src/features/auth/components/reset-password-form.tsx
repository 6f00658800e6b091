import { useState } from 'react';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { resetPasswordRequestSchema } from '@portal/domain/contracts/auth/reset-password';
import { IconAlert } from '../../../components/ui/icons';
import { clearOtpRequest, readOtpRequest } from '../hooks/otp-request';
import { useResetPassword } from '../api/password-reset';
import { applyPasswordErrors, passwordFieldError } from '../../../lib/password-errors';
import { PasswordGuide } from '../../../components/ui/password-guide';
import { BusyButton } from '../../../components/ui/busy-button';

const KEY = 'passwordReset' as const;

/** What to do when there is no verified reset request in this tab (expired, or never started). */
function NoResetRequest() {
  const { t } = useTranslation(['auth']);
  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlert />}>
        {t('auth:reset_no_request')}
      </Alert>
      <Button component={Link} to="/auth/signin/forgot-password" fullWidth>
        {t('auth:reset_start_again')}
      </Button>
      <Anchor component={Link} to="/auth/signin" size="sm" ta="center">
        {t('auth:back_to_signin')}
      </Anchor>
    </Stack>
  );
}

/**
 * Forgot password, last step: the new password and its confirmation (POST /api/auth/v1/reset).
 * The hints guide; the server's rules decide, and each §8 code is shown translated on the field.
 */
export function ResetPasswordForm() {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [request] = useState(() => {
    const stored = readOtpRequest(KEY);
    return stored?.verified ? stored : null;
  });
  const [requestError, setRequestError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(resetPasswordRequestSchema),
    defaultValues: { requestCode: request?.requestCode ?? '', password: '', confirmedPassword: '' },
    mode: 'onTouched',
  });
  const password = useWatch({ control, name: 'password' });

  if (!request) return <NoResetRequest />;

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await reset.mutateAsync({ ...values, requestCode: request.requestCode });
      clearOtpRequest(KEY);
      await navigate('/auth/signin/reset-password-success', { replace: true });
    } catch (error) {
      const outcome = applyPasswordErrors(error, setError, t);
      if (outcome.kind === 'field') setFocus(outcome.field === 'currentPassword' ? 'password' : outcome.field);
      else if (outcome.kind === 'request') {
        // 1031 / 1043: the verified request is spent or expired; this flow must start again.
        clearOtpRequest(KEY);
        setRequestError(outcome.message);
      } else setServerError(outcome.message);
    }
  });

  if (requestError) {
    return (
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="reset-error">
          {requestError}
        </Alert>
        <Button component={Link} to="/auth/signin/forgot-password" fullWidth>
          {t('auth:reset_start_again')}
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text>{t('auth:reset_password_intro')}</Text>
        {serverError ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="reset-error">
            {serverError}
          </Alert>
        ) : null}
        <input type="hidden" {...register('requestCode')} />
        <PasswordInput
          {...register('password')}
          id="reset-password"
          label={t('auth:new_password')}
          autoComplete="new-password"
          required
          error={passwordFieldError(errors.password, t)}
          visibilityToggleButtonProps={{ 'aria-label': t('auth:show_password') }}
          data-testid="new-password"
        />
        <PasswordGuide password={password} id="reset-password-guide" />
        <PasswordInput
          {...register('confirmedPassword')}
          id="reset-confirmed-password"
          label={t('auth:confirm_password')}
          autoComplete="new-password"
          required
          error={passwordFieldError(errors.confirmedPassword, t)}
          visibilityToggleButtonProps={{ 'aria-label': t('auth:show_password') }}
          data-testid="confirm-password"
        />
        <BusyButton type="submit" fullWidth busy={reset.isPending} data-testid="reset-submit">
          {t('auth:reset_password_submit')}
        </BusyButton>
        <Anchor component={Link} to="/auth/signin" size="sm" ta="center">
          {t('auth:back_to_signin')}
        </Anchor>
      </Stack>
    </form>
  );
}
