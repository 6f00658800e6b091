import { useState, type ReactNode } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { useTranslation } from 'react-i18next';
import { verifyOtpRequestSchema } from '@portal/domain/contracts/auth/verify-otp';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { translateFormError } from '../../../lib/i18n';
import { useResendOtp } from '../api/resend-otp';
import { useVerifyOtp } from '../../../lib/api/verify-otp';
import { markVerified, withResend, type OtpRequest, type OtpRequestKey } from '../hooks/otp-request';
import { authErrorMessage, isRequestCodeInvalid } from '../../../lib/auth-errors';
import { formatCountdown, useCountdown } from '../hooks/use-countdown';
import { BusyButton } from '../../../components/ui/busy-button';

const OTP_LENGTH = 6;
const codeSchema = z.pick(verifyOtpRequestSchema, { otp: true });

interface VerifyCodeFormProps {
  storageKey: OtpRequestKey;
  request: OtpRequest;
  /** Where the code went, shown above the field. */
  intro: ReactNode;
  submitLabel: string;
  onVerified: (request: OtpRequest) => void;
  /** The request is finished (too many wrong codes): start the flow again. */
  onRestart: () => void;
  restartLabel: string;
}

/**
 * The 6-digit code of a reset or profile request (POST /otp/verify), with a resend after the
 * countdown (POST /otp/resend). A wrong code is 1031; the fifth kills the request (429).
 */
export function VerifyCodeForm({
  storageKey,
  request: initial,
  intro,
  submitLabel,
  onVerified,
  onRestart,
  restartLabel,
}: VerifyCodeFormProps) {
  const { t } = useTranslation(['auth', 'validation', 'errors']);
  const verify = useVerifyOtp();
  const resend = useResendOtp();
  const [request, setRequest] = useState(initial);
  const [serverError, setServerError] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  const secondsLeft = useCountdown(request.resendAt);
  const {
    register,
    handleSubmit,
    setFocus,
    resetField,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(codeSchema),
    defaultValues: { otp: '' },
  });

  const onSubmit = handleSubmit(async ({ otp }) => {
    setServerError(null);
    try {
      const answer = await verify.mutateAsync({ requestCode: request.requestCode, otp });
      onVerified(markVerified(storageKey, request, answer.expiresIn));
    } catch (error) {
      if (isApiError(error) && error.status === 429) {
        setFinished(true);
        setServerError(authErrorMessage(error, t));
      } else if (isRequestCodeInvalid(error)) {
        setServerError(t('auth:otp_invalid'));
        resetField('otp');
        setFocus('otp');
      } else {
        setServerError(authErrorMessage(error, t));
      }
    }
  });

  const onResend = async () => {
    setServerError(null);
    try {
      const timing = await resend.mutateAsync({ requestCode: request.requestCode });
      setRequest(withResend(storageKey, request, timing));
      notifications.show({ color: 'green', message: t('auth:otp_resent') });
    } catch (error) {
      if (isApiError(error) && error.retryAfter !== undefined && error.messageKey === 'otp_resend_too_soon') {
        setRequest(withResend(storageKey, request, { resendIn: error.retryAfter }));
      }
      setServerError(authErrorMessage(error, t));
    }
  };

  const otpError =
    errors.otp &&
    (errors.otp.message === 'pattern' ? t('validation:digits_exact', { length: OTP_LENGTH }) : translateFormError(errors.otp.message));

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <Text>{intro}</Text>
        {serverError ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="otp-error">
            {serverError}
          </Alert>
        ) : null}
        {finished ? (
          <Button onClick={onRestart} fullWidth>
            {restartLabel}
          </Button>
        ) : (
          <>
            <TextInput
              {...register('otp')}
              id="verify-code"
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
            <BusyButton type="submit" fullWidth busy={verify.isPending} data-testid="verify-code-submit">
              {submitLabel}
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
              <Button variant="subtle" size="compact-sm" onClick={onRestart}>
                {restartLabel}
              </Button>
            </Stack>
          </>
        )}
      </Stack>
    </form>
  );
}
