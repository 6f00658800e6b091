import { Group, List, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { passwordHints, passwordHintScore } from '@portal/domain/rules/password-hints';
import { IconCheck } from './icons';

const HINTS = [
  { key: 'length', labelKey: 'auth:hint_length' },
  { key: 'letter', labelKey: 'auth:hint_letter' },
  { key: 'digit', labelKey: 'auth:hint_digit' },
  { key: 'special', labelKey: 'auth:hint_special' },
] as const;

const MAX_SCORE = 5;

/** 0-2 of the five checks: weak; 3-4: fair; all five: strong. */
function level(score: number): { key: string; color: string } {
  if (score >= MAX_SCORE) return { key: 'auth:strength_strong', color: 'green' };
  if (score >= 3) return { key: 'auth:strength_fair', color: 'yellow' };
  return { key: 'auth:strength_weak', color: 'red' };
}

/**
 * The digit / letter / special-character hints and a strength meter under a new-password field
 * (spec §5, DESIGN.md §5). They guide and never block: the server's rules decide, and answer
 * with the §8 codes the form shows.
 */
export function PasswordGuide({ password, id }: { password: string; id: string }) {
  const { t } = useTranslation(['auth']);
  const hints = passwordHints(password);
  const score = passwordHintScore(password);
  const { key, color } = level(score);
  const strength = t(key);

  return (
    <Stack gap={6} id={id} data-testid="password-guide">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('auth:strength_label')}
        </Text>
        <Text size="sm" fw={600} data-testid="password-strength">
          {password ? strength : t('auth:strength_empty')}
        </Text>
      </Group>
      {/* The words above say the strength; the bar only shows it. */}
      <Progress value={(score / MAX_SCORE) * 100} color={color} size="sm" radius="xl" aria-hidden />
      <Text size="sm" c="dimmed" mt={4}>
        {t('auth:hints_title')}
      </Text>
      <List size="sm" spacing={4} center listStyleType="none" ps={0}>
        {HINTS.map((hint) => {
          const met = hints[hint.key];
          return (
            <List.Item
              key={hint.key}
              data-met={met}
              icon={<IconCheck size={18} color={met ? 'var(--mantine-color-green-7)' : 'var(--mantine-color-gray-5)'} />}
            >
              <Text span size="sm" c={met ? undefined : 'dimmed'}>
                {t(hint.labelKey)}
              </Text>
              <VisuallyHidden>{met ? t('auth:hint_met') : t('auth:hint_not_met')}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
      <Text size="xs" c="dimmed">
        {t('auth:hints_note')}
      </Text>
    </Stack>
  );
}
