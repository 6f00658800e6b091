import { useState } from 'react';
import { Alert, Button, Card, Group, PinInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { ProfileResponse } from '@portal/domain/contracts/user/profile';
import { formatPhone, nationalNumber } from '@portal/domain/format/phone';
import { isApiError } from '../../../lib/api-client';
import { translateErrorKey, translateFormError } from '../../../lib/i18n';
import { requestBindOtp } from '../../../lib/api/passkeys';
import { verifyOtp } from '../../../lib/api/verify-otp';
import { useUpdateProfile } from '../api/profile';
import { BusyButton } from '../../../components/ui/busy-button';

/** As dialled at home: +85512345678 -> 012345678 (the phone rule takes digits and hyphens). */
function localPhone(e164: string | null): string {
  const nsn = e164 ? nationalNumber(e164) : null;
  return nsn ? `0${nsn}` : '';
}

/**
 * Phone and e-mail. Changing them takes a profile OTP sent to the phone on file (POST
 * /api/auth/v1/otp/bind, then /otp/verify), then POST /api/user/v1/profile `updateContact`.
 */
export function ContactSection({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation(['profile', 'common', 'errors', 'validation']);
  const update = useUpdateProfile();
  const [editing, setEditing] = useState(false);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [requestCode, setRequestCode] = useState<string | null>(null);
  const [otp, setOtp] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const start = () => {
    setPhone(localPhone(profile.phone));
    setEmail(profile.email ?? '');
    setRequestCode(null);
    setOtp('');
    setError(null);
    setFieldErrors({});
    setEditing(true);
  };

  const fail = (e: unknown) => {
    if (isApiError(e) && e.errors?.length) {
      setFieldErrors(Object.fromEntries(e.errors.map((f) => [f.field, translateFormError(f.key)])));
      setError(null);
    } else setError(translateErrorKey(isApiError(e) ? e.messageKey : 'system_error'));
  };

  const sendCode = async () => {
    setBusy(true);
    setError(null);
    try {
      setRequestCode((await requestBindOtp()).requestCode);
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!requestCode) return;
    setBusy(true);
    setError(null);
    setFieldErrors({});
    let verified = false;
    try {
      await verifyOtp({ requestCode, otp });
      verified = true;
      await update.mutateAsync({ action: 'updateContact', phone, email, requestCode, version: profile.version });
      notifications.show({ color: 'green', message: t('profile:contact_saved') });
      setEditing(false);
    } catch (e) {
      fail(e);
      // A refused save (other than a field error) has spent the code: a new one is needed. A wrong code may be retyped.
      if (verified && !(isApiError(e) && e.status === 422)) {
        setRequestCode(null);
        setOtp('');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="profile-contact" data-testid="contact-section">
      <Title order={2} size="h4" id="profile-contact" mb="xs">
        {t('profile:contact_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile:contact_intro')}
      </Text>
      {!editing ? (
        <Stack gap="sm">
          <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" m={0}>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t('profile:phone')}
              </Text>
              <Text component="dd" m={0} fw={500} data-testid="profile-phone">
                {profile.phone ? formatPhone(profile.phone) : t('profile:none')}
              </Text>
            </div>
            <div>
              <Text component="dt" size="sm" c="dimmed">
                {t('profile:email')}
              </Text>
              <Text component="dd" m={0} fw={500} data-testid="profile-email">
                {profile.email ?? t('profile:none')}
              </Text>
            </div>
          </SimpleGrid>
          <Group>
            <Button variant="light" onClick={start}>
              {t('profile:edit_contact')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <TextInput
            label={t('profile:phone')}
            value={phone}
            onChange={(e) => setPhone(e.currentTarget.value)}
            inputMode="tel"
            autoComplete="tel"
            error={fieldErrors.phone}
            disabled={busy}
          />
          <TextInput
            label={t('profile:email')}
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            type="email"
            autoComplete="email"
            error={fieldErrors.email}
            disabled={busy}
          />
          {requestCode ? (
            <Stack gap={4}>
              <Text size="sm">{t('profile:code_sent')}</Text>
              <Text component="label" htmlFor="profile-otp" size="sm" fw={500}>
                {t('profile:otp_label')}
              </Text>
              <PinInput
                id="profile-otp"
                length={6}
                type="number"
                oneTimeCode
                value={otp}
                onChange={setOtp}
                disabled={busy}
                aria-label={t('profile:otp_label')}
                data-testid="profile-otp"
              />
            </Stack>
          ) : null}
          {error ? (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          ) : null}
          <Group>
            {requestCode ? (
              <BusyButton onClick={() => void save()} busy={busy} disabled={otp.length !== 6} data-testid="save-contact">
                {t('profile:save_contact')}
              </BusyButton>
            ) : (
              <BusyButton onClick={() => void sendCode()} busy={busy} data-testid="send-code">
                {t('profile:send_code')}
              </BusyButton>
            )}
            <Button variant="default" onClick={() => setEditing(false)} disabled={busy}>
              {t('common:cancel')}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
