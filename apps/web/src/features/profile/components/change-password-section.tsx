import { useState } from 'react';
import { Alert, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { changePasswordRequestSchema } from '@portal/domain/contracts/auth/change-password';
import { RUN_WITH_FIELD_ISSUES } from '@portal/domain/rules/must-match';
import { IconAlert } from '../../../components/ui/icons';
import { useChangePassword } from '../api/change-password';
import { PasswordGuide } from '../../../components/ui/password-guide';
import { applyPasswordErrors, passwordFieldError } from '../../../lib/password-errors';
import { BusyButton } from '../../../components/ui/busy-button';

/** The contract, plus the current password asked for on the form (the server's 1043 otherwise). */
const formSchema = changePasswordRequestSchema.superRefine((value, ctx) => {
  if (!value.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'required' });
}, RUN_WITH_FIELD_ISSUES);

const EMPTY = { action: 'changePassword' as const, currentPassword: '', password: '', confirmedPassword: '' };

/**
 * Change password from the profile (POST /api/user/v1/profile, `action: 'changePassword'`): the
 * current password (1032 when wrong), the new one with its hints, and the confirmation.
 */
export function ChangePasswordSection() {
  const { t } = useTranslation(['profile', 'auth', 'validation', 'errors']);
  const change = useChangePassword();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    control,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(formSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const password = useWatch({ control, name: 'password' });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await change.mutateAsync(values);
      reset(EMPTY);
      notifications.show({ color: 'green', message: t('profile:password_changed') });
    } catch (error) {
      const outcome = applyPasswordErrors(error, setError, t);
      if (outcome.kind === 'field') setFocus(outcome.field);
      else setServerError(outcome.message);
    }
  });

  return (
    <Card
      withBorder
      padding="lg"
      maw={640}
      component="section"
      aria-labelledby="profile-change-password"
      data-testid="change-password-section"
    >
      <Title order={2} size="h4" id="profile-change-password" mb="xs">
        {t('profile:change_password_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile:change_password_intro')}
      </Text>
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="md">
          {serverError ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="change-password-error">
              {serverError}
            </Alert>
          ) : null}
          <input type="hidden" {...register('action')} />
          <PasswordInput
            {...register('currentPassword')}
            id="change-current-password"
            label={t('profile:current_password')}
            autoComplete="current-password"
            required
            error={passwordFieldError(errors.currentPassword, t)}
            visibilityToggleButtonProps={{ 'aria-label': t('auth:show_password') }}
          />
          <PasswordInput
            {...register('password')}
            id="change-new-password"
            label={t('auth:new_password')}
            autoComplete="new-password"
            required
            error={passwordFieldError(errors.password, t)}
            visibilityToggleButtonProps={{ 'aria-label': t('auth:show_password') }}
          />
          <PasswordGuide password={password} id="change-password-guide" />
          <PasswordInput
            {...register('confirmedPassword')}
            id="change-confirmed-password"
            label={t('auth:confirm_password')}
            autoComplete="new-password"
            required
            error={passwordFieldError(errors.confirmedPassword, t)}
            visibilityToggleButtonProps={{ 'aria-label': t('auth:show_password') }}
          />
          <Group>
            <BusyButton type="submit" busy={change.isPending} data-testid="change-password-submit">
              {t('profile:change_password_submit')}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
