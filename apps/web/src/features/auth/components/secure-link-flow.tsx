import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { LinkOtpResponse } from '@portal/domain/contracts/candidates/candidate';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey } from '../../../lib/i18n';
import { clearLogin, storeLogin } from '../../../lib/session';
import { takeLinkToken } from '../../../lib/link-token';
import { useLinkOtp, useLinkVerify } from '../api/candidate-link';
import { BusyButton } from '../../../components/ui/busy-button';

const EXPIRED_PATH = '/secure-link/link-expired';

/**
 * A candidate opens their secure link: the link is checked and an OTP sent to their phone; the
 * right OTP spends the link and gives a ROLE_CNL session that opens only their own form
 * (mode=verifyTokenLink). An expired, used or replaced link goes to /secure-link/link-expired.
 */
export function SecureLinkFlow() {
  const { t } = useTranslation(['recruitment', 'auth', 'errors', 'validation']);
  const navigate = useNavigate();
  const [token] = useState(takeLinkToken);
  const [challenge, setChallenge] = useState<LinkOtpResponse | null>(null);
  const [otp, setOtp] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate: sendLinkOtp } = useLinkOtp();
  const verify = useLinkVerify();
  const started = useRef(false);

  const fail = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.status === 410) void navigate(EXPIRED_PATH, { replace: true });
      else
        setProblem(
          isApiError(error) && error.status === 401
            ? t('auth:otp_invalid')
            : translateErrorKey(isApiError(error) ? error.messageKey : 'system_error'),
        );
    },
    [navigate, t],
  );

  // Once per visit (the ref keeps a remount in development from sending a second SMS).
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    sendLinkOtp(token, { onSuccess: setChallenge, onError: fail });
  }, [token, sendLinkOtp, fail]);

  if (!token) {
    return (
      <Stack gap="md">
        <Alert color="yellow" variant="light" icon={<IconAlert />}>
          {t('recruitment:secure_link_missing')}
        </Alert>
        <Button component={Link} to="/auth/signin" variant="default">
          {t('auth:back_to_signin')}
        </Button>
      </Stack>
    );
  }

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!challenge || !/^\d{6}$/.test(otp)) {
      setProblem(t('validation:pattern'));
      return;
    }
    setProblem(null);
    verify.mutate(
      { token, requestCode: challenge.requestCode, otp },
      {
        onSuccess: (session) => {
          clearLogin();
          // No refresh token: the candidate opens a new link when this hour is up.
          storeLogin({ accessToken: session.accessToken, refreshToken: '' }, session.user as never);
          void navigate('/home/recruitment/recruitment-new-candidate?mode=verifyTokenLink', { replace: true });
        },
        onError: fail,
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate data-testid="secure-link-form">
      <Stack gap="md">
        <Text>
          {challenge ? t('recruitment:secure_link_otp_sent', { phone: challenge.maskedPhone }) : t('recruitment:secure_link_checking')}
        </Text>
        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
            {problem}
          </Alert>
        ) : null}
        <TextInput
          label={t('recruitment:secure_link_otp_label')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={otp}
          onChange={(e) => setOtp(e.currentTarget.value.replace(/\D/g, ''))}
          disabled={!challenge}
          data-testid="secure-link-otp"
        />
        <BusyButton type="submit" busy={verify.isPending} disabled={!challenge}>
          {t('recruitment:secure_link_continue')}
        </BusyButton>
      </Stack>
    </form>
  );
}
