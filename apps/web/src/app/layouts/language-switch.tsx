import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NATIVE_NAMES, LANGUAGE_TAGS, toLanguage } from '@portal/domain/codes/languages';
import { changeLanguage } from '../../lib/i18n';

/** English / ខ្មែរ, each written in its own language (and marked with its own `lang`). */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <SegmentedControl
      size="xs"
      radius="xl"
      aria-label={t('common:language_switch')}
      value={current}
      onChange={(value) => void changeLanguage(toLanguage(value))}
      data={LANGUAGES.map((code) => ({
        value: code,
        label: <span lang={LANGUAGE_TAGS[code]}>{LANGUAGE_NATIVE_NAMES[code]}</span>,
      }))}
      data-testid="language-switch"
    />
  );
}
