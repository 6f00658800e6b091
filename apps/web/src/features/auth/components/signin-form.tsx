import { useState } from 'react';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { loginRequestSchema } from '@portal/domain/contracts/auth/login';
import { PASSWORD_MAX_LENGTH } from '@portal/domain/constants/field-limits';
import { IconAlert, IconFingerprint } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { authErrorMessage } from '../../../lib/auth-errors';
import { translateFormError } from '../../../lib/i18n';
import { useLogin } from '../api/login';
import { saveLoginChallenge } from '../hooks/login-challenge';
import { preparePasswordUnlock } from '../../../lib/offline/password-unlock';
import { BusyButton } from '../../../components/ui/busy-button';

/** 401 with either code: one message, so nobody can learn which usernames exist (DESIGN.md §3). */
const WRONG_CREDENTIAL_CODES = new Set<number | string>([1024, 1032]);
function signInErrorMessage(error: unknown, t: (key: string, values?: Record<string, unknown>) => string): string {
  if (isApiError(error) && error.status === 401 && WRONG_CREDENTIAL_CODES.has(error.code)) return t('auth:wrong_credentials');
  return authErrorMessage(error, t);
}

/** Step 1 of sign-in: username and password (DESIGN.md §3), then on to the OTP screen. */
export function SignInForm({ next }: { next: string }) {
  const { t } = useTranslation(['auth', 'validation', 'errors', 'common']);
  const navigate = useNavigate();
  const loginMutation = useLogin();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(loginRequestSchema),
    defaultValues: { username: '', password: '' },
    mode: 'onTouched',
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const response = await loginMutation.mutateAsync(values);
      saveLoginChallenge(response, next);
      // For opening the offline store in a page without network later (lib/offline/password-unlock.ts).
      preparePasswordUnlock(values.username, values.password);
      await navigate('/otp');
    } catch (error) {
      if (isApiError(error) && error.status === 422 && error.errors?.length) {
        for (const fieldError of error.errors) {
          if (fieldError.field === 'username' || fieldError.field === 'password') {
            setError(fieldError.field, { type: 'server', message: fieldError.key });
          }
        }
        return;
      }
      setServerError(signInErrorMessage(error, t));
    }
  });

  const passwordError =
    errors.password?.message === 'maxlength'
      ? t('validation:maxlength_n', { max: PASSWORD_MAX_LENGTH })
      : errors.password && translateFormError(errors.password.message);

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-describedby={serverError ? 'signin-error' : undefined}>
      <Stack gap="md">
        {serverError ? (
          <Alert id="signin-error" color="red" variant="light" icon={<IconAlert />} data-testid="signin-error">
            {serverError}
          </Alert>
        ) : null}
        <TextInput
          {...register('username')}
          id="signin-username"
          label={t('auth:username')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          required
          error={errors.username && translateFormError(errors.username.message)}
        />
        <PasswordInput
          {...register('password')}
          id="signin-password"
          label={t('auth:password')}
          autoComplete="current-password"
          required
          error={passwordError}
          visibilityToggleButtonProps={{ 'aria-label': t('auth:show_password') }}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/auth/signin/forgot-password" size="sm">
            {t('auth:forgot_password_link')}
          </Anchor>
        </Group>
        <BusyButton type="submit" fullWidth busy={loginMutation.isPending} data-testid="signin-submit">
          {t('auth:signin_submit')}
        </BusyButton>
        <Button
          component={Link}
          to="/auth/webauth/login-biometric"
          variant="default"
          fullWidth
          leftSection={<IconFingerprint />}
          classNames={{ root: 'button-wrap', inner: 'button-wrap-inner', label: 'button-wrap-label' }}
        >
          {t('auth:biometric_link')}
        </Button>
      </Stack>
    </form>
  );
}
