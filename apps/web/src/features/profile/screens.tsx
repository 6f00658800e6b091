import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/ui/page-header';
import { isApiError } from '../../lib/api-client';
import { translateErrorKey } from '../../lib/i18n';
import { roleLabelKeys } from '../../lib/role-labels';
import type { ScreenComponents } from '../../lib/screen-route';
import { useProfile } from './api/profile';
import { ChangePasswordSection } from './components/change-password-section';
import { ContactSection } from './components/contact-section';
import { LanguageSection } from './components/language-section';
import { PasskeySection } from './components/passkey-section';
import { SessionsSection } from './components/sessions-section';

/**
 * The profile: the account (GET /api/user/v1/profile), phone and e-mail behind a
 * profile OTP, language, passkeys, password and active sessions.
 */
function ProfileScreen() {
  const { t, i18n } = useTranslation(['profile', 'common', 'errors', 'nav']);
  const profile = useProfile();
  const p = profile.data;
  const agencyName = p?.agency ? (i18n.language === 'km' && p.agency.nameKh ? p.agency.nameKh : p.agency.name) : null;
  const rows = p
    ? [
        { label: t('profile:display_name'), value: i18n.language === 'km' && p.displayNameKh ? p.displayNameKh : p.displayName },
        { label: t('profile:username'), value: p.username },
        { label: t('profile:agent_code'), value: p.agentCode ?? t('profile:none') },
        { label: t('profile:agency'), value: agencyName ?? t('profile:none') },
        {
          label: t('profile:role'),
          value: roleLabelKeys(p.roles)
            .map((key) => t(key))
            .join(', '),
        },
      ]
    : [];
  return (
    <>
      <PageHeader titleKey="profile:title" />
      <Stack gap="lg">
        {profile.isPending ? (
          <Stack gap="sm" maw={640} role="status" aria-label={t('common:loading')} aria-busy="true">
            <Skeleton height={160} radius="md" />
            <Skeleton height={120} radius="md" />
          </Stack>
        ) : profile.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('profile:load_error')} maw={640}>
            <Stack gap="sm" align="flex-start">
              <span>{translateErrorKey(isApiError(profile.error) ? profile.error.messageKey : 'system_error')}</span>
              <Button variant="default" size="sm" onClick={() => void profile.refetch()}>
                {t('common:retry')}
              </Button>
            </Stack>
          </Alert>
        ) : p ? (
          <>
            <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="profile-account">
              <Title order={2} size="h4" id="profile-account" mb="md">
                {t('profile:account')}
              </Title>
              <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md" m={0}>
                {rows.map((row) => (
                  <div key={row.label}>
                    <Text component="dt" size="sm" c="dimmed">
                      {row.label}
                    </Text>
                    <Text component="dd" m={0} fw={500}>
                      {row.value}
                    </Text>
                  </div>
                ))}
              </SimpleGrid>
            </Card>
            <ContactSection profile={p} />
            <LanguageSection profile={p} />
          </>
        ) : null}
        <PasskeySection />
        <ChangePasswordSection />
        {p ? <SessionsSection profile={p} /> : null}
      </Stack>
    </>
  );
}

export const screens: ScreenComponents = {
  profile: ProfileScreen,
};
