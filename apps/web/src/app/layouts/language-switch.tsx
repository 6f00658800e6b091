import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NATIVE_NAMES, LANGUAGE_TAGS, toLanguage } from '@portal/domain/codes/languages';
import { changeLanguage } from '../../lib/i18n';

/**
 * English / ខ្មែរ, each written in its own language (and marked with its own `lang`): two toggle
 * buttons (`aria-pressed`) in a labelled group. Plain buttons, so nothing is measured when the
 * header is drawn (a sliding indicator reads the layout on mount, a forced layout on every page).
 * Normal weight, so an English page draws its one Khmer word with the regular Khmer face only.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  return (
    <Group gap={0} wrap="nowrap" role="group" aria-label={t('common:language_switch')} data-testid="language-switch">
      {LANGUAGES.map((code) => {
        const pressed = code === current;
        return (
          <Button
            key={code}
            size="compact-xs"
            radius="xl"
            fw={400}
            variant={pressed ? 'filled' : 'subtle'}
            aria-pressed={pressed}
            lang={LANGUAGE_TAGS[code]}
            onClick={() => {
              if (!pressed) void changeLanguage(code);
            }}
          >
            {LANGUAGE_NATIVE_NAMES[code]}
          </Button>
        );
      })}
    </Group>
  );
}
