import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { loginMfaRequestSchema } from '@portal/domain/contracts/auth/login-mfa';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { authErrorMessage } from '../../../lib/auth-errors';
import { translateErrorKey, translateFormError } from '../../../lib/i18n';
import { safeNextPath, storeLogin } from '../../../lib/session';
import { hasPendingUnlock, worksOffline } from '../../../lib/offline/password-unlock';
import { useLoginMfa } from '../api/login-mfa';
import { useResendOtp } from '../api/resend-otp';
import { clearLoginChallenge, updateResendAt, type LoginChallenge } from '../hooks/login-challenge';
import { offerPasskeyAfterSignIn } from '../hooks/passkey-offer';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { BusyButton } from '../../../components/ui/busy-button';

const OTP_LENGTH = 6;
const otpFormSchema = z.pick(loginMfaRequestSchema, { otp: true });

/** Step 2 of sign-in: the 6-digit code sent by SMS, with a resend after the countdown. */
export function OtpForm({ challenge: initial }: { challenge: LoginChallenge }) {
  const { t } = useTranslation(['auth', 'validation', 'errors', 'common']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const verify = useLoginMfa();
  const resend = useResendOtp();
  const [challenge, setChallenge] = useState(initial);
  const [serverError, setServerError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const secondsLeft = useCountdown(challenge.resendAt);
  const {
    register,
    handleSubmit,
    setFocus,
    resetField,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(otpFormSchema),
    defaultValues: { otp: '' },
  });

  const onSubmit = handleSubmit(async ({ otp }) => {
    setServerError(null);
    try {
      const session = await verify.mutateAsync({ requestCode: challenge.requestCode, otp });
      queryClient.clear();
      storeLogin({ accessToken: session.accessToken, refreshToken: session.refreshToken }, session.user);
      clearLoginChallenge();
      // An advisor's offline key, asked at once so it is sealed with the password just typed
      // (lib/offline/password-unlock.ts) before anything reloads the page.
      if (hasPendingUnlock() && worksOffline(session.user.roles))
        void import('../../../lib/offline/offline-key').then((m) => m.offlineKey()).catch(() => undefined);
      const next = safeNextPath(challenge.next);
      await navigate(next, { replace: true });
      void offerPasskeyAfterSignIn(t, () => void navigate(`/auth/webauth/register-biometric?next=${encodeURIComponent(next)}`));
    } catch (error) {
      if (isApiError(error) && error.status === 401 && error.code === 1031) {
        setServerError(t('auth:otp_invalid'));
        resetField('otp');
        setFocus('otp');
      } else if (isApiError(error) && error.status === 429) {
        // Too many wrong codes: this request is finished; the user signs in again.
        clearLoginChallenge();
        setExpired(true);
        setServerError(authErrorMessage(error, t));
      } else {
        setServerError(isApiError(error) ? translateErrorKey(error.messageKey) : translateErrorKey('system_error'));
      }
    }
  });

  const onResend = async () => {
    setServerError(null);
    try {
      const timing = await resend.mutateAsync({ requestCode: challenge.requestCode });
      setChallenge(updateResendAt(challenge, timing.resendIn));
      notifications.show({ color: 'green', message: t('auth:otp_resent') });
    } catch (error) {
      if (isApiError(error) && error.retryAfter !== undefined) setChallenge(updateResendAt(challenge, error.retryAfter));
      setServerError(authErrorMessage(error, t));
    }
  };

  const otpError =
    errors.otp &&
    (errors.otp.message === 'pattern' ? t('validation:digits_exact', { length: OTP_LENGTH }) : translateFormError(errors.otp.message));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text>{t('auth:otp_sent', { phone: challenge.maskedPhone })}</Text>
        {serverError ? (
          <Alert color="red" variant="light" icon={<IconAlert />} data-testid="otp-error">
            {serverError}
          </Alert>
        ) : null}
        {expired ? (
          <Button component={Link} to="/auth/signin" variant="default" fullWidth>
            {t('auth:back_to_signin')}
          </Button>
        ) : (
          <>
            <TextInput
              {...register('otp')}
              id="otp-code"
              label={t('auth:otp_label')}
              description={t('auth:otp_hint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]*"
              maxLength={OTP_LENGTH}
              required
              classNames={{ input: 'otp-input' }}
              error={otpError}
            />
            <BusyButton type="submit" fullWidth busy={verify.isPending} data-testid="otp-submit">
              {t('auth:otp_submit')}
            </BusyButton>
            <Stack gap={4} align="center">
              <BusyButton
                variant="subtle"
                size="compact-sm"
                onClick={() => void onResend()}
                disabled={secondsLeft > 0}
                busy={resend.isPending}
                data-testid="otp-resend"
              >
                {t('auth:otp_resend')}
              </BusyButton>
              {secondsLeft > 0 ? (
                <Text size="sm" c="dimmed" data-testid="otp-countdown">
                  {t('auth:otp_resend_wait', { time: formatCountdown(secondsLeft) })}
                </Text>
              ) : null}
            </Stack>
          </>
        )}
        <Anchor component={Link} to="/auth/signin" size="sm" ta="center">
          {t('auth:back_to_signin')}
        </Anchor>
      </Stack>
    </form>
  );
}
