import { Card, EmptyState, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconUser } from '../../components/ui/icons';
import { PageHeader } from '../../components/ui/page-header';
import { roleLabelKeys } from '../../lib/role-labels';
import { useSession } from '../../lib/session';
import type { ScreenComponents } from '../../lib/screen-route';
import { ChangePasswordSection } from './components/change-password-section';
import { PasskeySection } from './components/passkey-section';

/**
 * The profile: what the sign-in stored about the user, and the security settings (passkeys,
 * change password). Contact details arrive with the profile area.
 */
function ProfileScreen() {
  const { t } = useTranslation(['profile', 'common']);
  const { user } = useSession();
  const rows = user
    ? [
        { label: t('profile:display_name'), value: user.displayName || user.username },
        { label: t('profile:username'), value: user.username },
        { label: t('profile:role'), value: roleLabelKeys(user.roles).map((key) => t(key)).join(', ') },
      ]
    : [];
  return (
    <>
      <PageHeader titleKey="profile:title" />
      <Stack gap="lg">
        {user ? (
          <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="profile-account">
            <Title order={2} size="h4" id="profile-account" mb="md">{t('profile:account')}</Title>
            <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="md" m={0}>
              {rows.map((row) => (
                <div key={row.label}>
                  <Text component="dt" size="sm" c="dimmed">{row.label}</Text>
                  <Text component="dd" m={0} fw={500}>{row.value}</Text>
                </div>
              ))}
            </SimpleGrid>
          </Card>
        ) : null}
        <PasskeySection />
        <ChangePasswordSection />
      </Stack>
      <EmptyState mt="xl" py="lg" variant="light" icon={<IconUser size={28} />} title={t('common:empty_title')} description={t('profile:contact_details_pending')} />
    </>
  );
}

export const screens: ScreenComponents = {
  profile: ProfileScreen,
};
