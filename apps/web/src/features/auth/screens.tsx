import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { IconAlert, IconCheck, IconFingerprint, IconLock } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { safeNextPath, useSession } from '../../lib/session';
import type { ScreenComponents } from '../../lib/screen-route';
import { OtpForm } from './components/otp-form';
import { SignInForm } from './components/signin-form';
import { readLoginChallenge } from './hooks/login-challenge';

function SignInScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const { hasLogin, user } = useSession();
  const next = safeNextPath(params.get('next'));
  return (
    <>
      <PageHeader titleKey="auth:signin_title" subtitle={t('auth:signin_subtitle')} />
      {hasLogin && user ? (
        <Alert variant="light" mb="md">
          <Stack gap={4}>
            <Text size="sm">{t('common:signed_in_as', { name: user.displayName || user.username })}</Text>
            <Anchor component={Link} to={next} size="sm">{t('auth:continue_to_dashboard')}</Anchor>
          </Stack>
        </Alert>
      ) : null}
      <SignInForm next={next} />
    </>
  );
}

function OtpScreen() {
  const { t } = useTranslation(['auth', 'common']);
  // Read once per mount: the sign-in step wrote it just before navigating here.
  const [challenge] = useState(readLoginChallenge);
  return (
    <>
      <PageHeader titleKey="auth:otp_title" />
      {challenge ? (
        <OtpForm challenge={challenge} />
      ) : (
        <Stack gap="md">
          <Alert color="yellow" variant="light" icon={<IconAlert />}>{t('auth:otp_no_challenge')}</Alert>
          <Button component={Link} to="/auth/signin" fullWidth>{t('auth:back_to_signin')}</Button>
        </Stack>
      )}
    </>
  );
}

/** A sign-in screen that explains itself and offers the way on (its own issue adds the form). */
function AuthInfoScreen({ titleKey, textKey, icon, action }: { titleKey: string; textKey: string; icon: ReactNode; action: ReactNode }) {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <>
      <ThemeIcon variant="light" size={48} radius="xl" mb="md">{icon}</ThemeIcon>
      <PageHeader titleKey={titleKey} />
      <Stack gap="lg">
        <Text>{t(textKey)}</Text>
        {action}
      </Stack>
    </>
  );
}

function BackToSignIn({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation(['auth']);
  return (
    <Button component={Link} to="/auth/signin" variant={primary ? 'filled' : 'default'} fullWidth>
      {t('auth:back_to_signin')}
    </Button>
  );
}

function ContinueToDashboard() {
  const { t } = useTranslation(['auth']);
  return <Button component={Link} to="/home" fullWidth>{t('auth:continue_to_dashboard')}</Button>;
}

export const screens: ScreenComponents = {
  signin: SignInScreen,
  otp: OtpScreen,
  'forgot-password': () => (
    <AuthInfoScreen titleKey="auth:forgot_password_title" textKey="auth:forgot_password_text" icon={<IconLock size={26} />} action={<BackToSignIn />} />
  ),
  'reset-password': () => (
    <AuthInfoScreen titleKey="auth:reset_password_title" textKey="auth:reset_password_text" icon={<IconLock size={26} />} action={<BackToSignIn />} />
  ),
  'reset-password-success': () => (
    <AuthInfoScreen titleKey="auth:reset_password_success_title" textKey="auth:reset_password_success_text" icon={<IconCheck size={26} />} action={<BackToSignIn primary />} />
  ),
  'register-biometric': () => (
    <AuthInfoScreen titleKey="auth:register_biometric_title" textKey="auth:register_biometric_text" icon={<IconFingerprint size={26} />} action={<ContinueToDashboard />} />
  ),
  'login-biometric': () => (
    <AuthInfoScreen titleKey="auth:login_biometric_title" textKey="auth:login_biometric_text" icon={<IconFingerprint size={26} />} action={<BackToSignIn />} />
  ),
  'link-expired': () => (
    <AuthInfoScreen titleKey="auth:link_expired_title" textKey="auth:link_expired_text" icon={<IconAlert size={26} />} action={null} />
  ),
};
