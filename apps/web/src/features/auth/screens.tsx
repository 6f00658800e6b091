import { lazy, useEffect, useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { IconAlert, IconCheck, IconFingerprint, IconLock } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { whenIdle } from '../../lib/deferred-component';
import { safeNextPath, SIGNED_OUT_REASON_EXPIRED, useSession } from '../../lib/session';
import type { ScreenComponents } from '../../lib/screen-route';
import { forgetSignedOutReason, readSignedOutReason, SIGNED_OUT_REASON_IDLE } from './components/idle-session-guard';
import { SignInForm } from './components/signin-form';
import { readLoginChallenge } from './hooks/login-challenge';

/*
 * Only the sign-in form is in this chunk: every other step's form is its own chunk (the
 * sign-in screen's first load stays under 150 KB gzip), fetched while the sign-in screen sits idle
 * (the OTP step, the passkey sign-in) or when its screen opens (the layout's skeleton meanwhile,
 * as for any screen's chunk).
 */
const loadOtpForm = () => import('./components/otp-form');
const loadPasskeySignIn = () => import('./components/passkey-signin-form');
const OtpForm = lazy(() => loadOtpForm().then((m) => ({ default: m.OtpForm })));
const PasskeySignInForm = lazy(() => loadPasskeySignIn().then((m) => ({ default: m.PasskeySignInForm })));
const ForgotPasswordFlow = lazy(() => import('./components/forgot-password-form').then((m) => ({ default: m.ForgotPasswordFlow })));
const ResetPasswordForm = lazy(() => import('./components/reset-password-form').then((m) => ({ default: m.ResetPasswordForm })));
const PasskeyRegisterFlow = lazy(() => import('./components/passkey-register-flow').then((m) => ({ default: m.PasskeyRegisterFlow })));
const SecureLinkFlow = lazy(() => import('./components/secure-link-flow').then((m) => ({ default: m.SecureLinkFlow })));
const CustomerProposalPage = lazy(() => import('./components/customer-proposal').then((m) => ({ default: m.CustomerProposalPage })));

/** The next steps from the sign-in screen, fetched once it has drawn and the browser is idle. */
function usePrefetchNextSteps() {
  useEffect(
    () =>
      whenIdle(() => {
        void loadOtpForm().catch(() => undefined);
        void loadPasskeySignIn().catch(() => undefined);
      }),
    [],
  );
}

function SignInScreen() {
  const { t } = useTranslation(['auth', 'common']);
  const [params] = useSearchParams();
  const { hasLogin, user } = useSession();
  const next = safeNextPath(params.get('next'));
  // The note is read once (it survives the guard's own redirect) and forgotten after the render.
  const [noted] = useState(readSignedOutReason);
  useEffect(forgetSignedOutReason, []);
  const idle = params.get('reason') === SIGNED_OUT_REASON_IDLE || noted === SIGNED_OUT_REASON_IDLE;
  const expired = !idle && params.get('reason') === SIGNED_OUT_REASON_EXPIRED;
  usePrefetchNextSteps();
  return (
    <>
      <PageHeader titleKey="auth:signin_title" subtitle={t('auth:signin_subtitle')} />
      {idle ? (
        <Alert color="yellow" variant="light" icon={<IconLock />} mb="md" role="status" data-testid="signed-out-idle">
          {t('auth:signed_out_idle')}
        </Alert>
      ) : null}
      {expired ? (
        <Alert color="yellow" variant="light" icon={<IconLock />} mb="md" role="status" data-testid="signed-out-expired">
          {t('auth:session_expired')}
        </Alert>
      ) : null}
      {hasLogin && user && !idle ? (
        <Alert variant="light" mb="md">
          <Stack gap={4}>
            <Text size="sm">{t('common:signed_in_as', { name: user.displayName || user.username })}</Text>
            <Anchor component={Link} to={next} size="sm">
              {t('auth:continue_to_dashboard')}
            </Anchor>
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
          <Alert color="yellow" variant="light" icon={<IconAlert />}>
            {t('auth:otp_no_challenge')}
          </Alert>
          <Button component={Link} to="/auth/signin" fullWidth>
            {t('auth:back_to_signin')}
          </Button>
        </Stack>
      )}
    </>
  );
}

/** The icon above a sign-in screen's title. */
function ScreenIcon({ children, color }: { children: ReactNode; color?: string }) {
  return (
    <ThemeIcon variant="light" size={48} radius="xl" mb="md" color={color}>
      {children}
    </ThemeIcon>
  );
}

function ForgotPasswordScreen() {
  return (
    <>
      <ScreenIcon>
        <IconLock size={26} />
      </ScreenIcon>
      <PageHeader titleKey="auth:forgot_password_title" />
      <ForgotPasswordFlow />
    </>
  );
}

function ResetPasswordScreen() {
  return (
    <>
      <ScreenIcon>
        <IconLock size={26} />
      </ScreenIcon>
      <PageHeader titleKey="auth:reset_password_title" />
      <ResetPasswordForm />
    </>
  );
}

function ResetPasswordSuccessScreen() {
  const { t } = useTranslation(['auth']);
  return (
    <>
      <ScreenIcon color="green">
        <IconCheck size={26} />
      </ScreenIcon>
      <PageHeader titleKey="auth:reset_password_success_title" />
      <Stack gap="lg">
        <Text role="status">{t('auth:reset_password_success_text')}</Text>
        <Button component={Link} to="/auth/signin" fullWidth data-testid="reset-success-signin">
          {t('auth:back_to_signin')}
        </Button>
      </Stack>
    </>
  );
}

function RegisterBiometricScreen() {
  return (
    <>
      <ScreenIcon>
        <IconFingerprint size={26} />
      </ScreenIcon>
      <PageHeader titleKey="auth:register_biometric_title" />
      <PasskeyRegisterFlow />
    </>
  );
}

function LoginBiometricScreen() {
  const [params] = useSearchParams();
  return (
    <>
      <ScreenIcon>
        <IconFingerprint size={26} />
      </ScreenIcon>
      <PageHeader titleKey="auth:login_biometric_title" />
      <PasskeySignInForm next={safeNextPath(params.get('next'))} />
    </>
  );
}

/** A secure link (candidate sign-up, document upload) that has expired or was already used. */
function LinkExpiredScreen() {
  const { t } = useTranslation(['auth', 'common']);
  return (
    <>
      <ScreenIcon color="orange">
        <IconAlert size={26} />
      </ScreenIcon>
      <PageHeader titleKey="auth:link_expired_title" />
      <Stack gap="md">
        <Text>{t('auth:link_expired_text')}</Text>
        <Text size="sm" c="dimmed">
          {t('auth:link_expired_why')}
        </Text>
        <Title order={2} size="h4">
          {t('auth:link_expired_next_title')}
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>{t('auth:link_expired_step_newest')}</List.Item>
          <List.Item>{t('auth:link_expired_step_ask')}</List.Item>
          <List.Item>{t('auth:link_expired_step_safe')}</List.Item>
        </List>
        <Text size="sm">{t('auth:link_expired_staff')}</Text>
        <Button component={Link} to="/auth/signin" variant="default" fullWidth>
          {t('common:go_signin')}
        </Button>
      </Stack>
    </>
  );
}

/** A candidate's secure link: the OTP opens a session limited to their own form. */
function SecureLinkScreen() {
  return (
    <>
      <ScreenIcon>
        <IconLock size={26} />
      </ScreenIcon>
      <PageHeader titleKey="recruitment:secure_link_title" />
      <SecureLinkFlow />
    </>
  );
}

/** A customer's proposal, opened from the SMS their advisor sent: no account. */
function CustomerProposalScreen() {
  return (
    <>
      <PageHeader titleKey="proposals:customer_title" />
      <CustomerProposalPage />
    </>
  );
}

export { locales } from './locales';

export const screens: ScreenComponents = {
  signin: SignInScreen,
  otp: OtpScreen,
  'forgot-password': ForgotPasswordScreen,
  'reset-password': ResetPasswordScreen,
  'reset-password-success': ResetPasswordSuccessScreen,
  'register-biometric': RegisterBiometricScreen,
  'login-biometric': LoginBiometricScreen,
  'link-expired': LinkExpiredScreen,
  'secure-link': SecureLinkScreen,
  'customer-proposal': CustomerProposalScreen,
};
