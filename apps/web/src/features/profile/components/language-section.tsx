import { Card, SegmentedControl, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NATIVE_NAMES, toLanguage } from '@portal/domain/codes/languages';
import type { ProfileResponse } from '@portal/domain/contracts/user/profile';
import { changeLanguage } from '../../../lib/i18n';
import { useUpdateProfile } from '../api/profile';

/** The language kept on the account; the portal switches to it now and at every sign-in. */
export function LanguageSection({ profile }: { profile: ProfileResponse }) {
  const { t } = useTranslation(['profile']);
  const update = useUpdateProfile();
  const choose = async (value: string) => {
    const lang = toLanguage(value);
    await update.mutateAsync({ action: 'setLanguage', preferredLang: lang });
    await changeLanguage(lang);
    notifications.show({ color: 'green', message: t('profile:language_saved') });
  };
  return (
    <Card withBorder padding="lg" maw={640} component="section" aria-labelledby="profile-language">
      <Title order={2} size="h4" id="profile-language" mb="xs">
        {t('profile:language_title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('profile:language_intro')}
      </Text>
      <SegmentedControl
        aria-labelledby="profile-language"
        value={profile.preferredLang}
        onChange={(value) => void choose(value).catch(() => undefined)}
        disabled={update.isPending}
        data={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NATIVE_NAMES[lang] }))}
        data-testid="language-choice"
      />
    </Card>
  );
}
