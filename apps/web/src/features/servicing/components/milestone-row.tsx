import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Milestone } from '@portal/domain/contracts/policies/policy-fields';
import { currentLanguage } from '../../../lib/i18n';
import { policyScreenPath } from '../hooks/policy-paths';
import { khmerName, latinName, showDate, showMoney } from './format';
import { CLIENT_LINK_TYPE_KEYS, MILESTONE_TYPE_KEYS, TONE_TEXT } from './labels';

/** What the milestone is, in words: "Birthday of the life insured", a feed event's own text, … */
function useMilestoneText(milestone: Milestone): string {
  const { t } = useTranslation(['servicing']);
  if (milestone.type === 'other') {
    const own = currentLanguage() === 'km' ? milestone.descriptionKm : milestone.descriptionEn;
    return own ?? milestone.descriptionEn ?? t(MILESTONE_TYPE_KEYS.other);
  }
  if (milestone.type === 'birthday' && milestone.linkType) {
    return t('servicing:milestone_birthday_of', { role: t(CLIENT_LINK_TYPE_KEYS[milestone.linkType]) });
  }
  return t(MILESTONE_TYPE_KEYS[milestone.type]);
}

/** One customer milestone: the date, what it is, whose, which policy, and the premium when one is due. */
export function MilestoneRow({ milestone, showPolicy = true }: { milestone: Milestone; showPolicy?: boolean }) {
  const { t } = useTranslation(['servicing']);
  const text = useMilestoneText(milestone);
  const khmer = khmerName(milestone.name);
  return (
    <Card withBorder padding="sm" component="article" data-milestone={milestone.type}>
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2} miw={0}>
          <Text fw={700}>{showDate(milestone.date)}</Text>
          <Text fw={500}>{text}</Text>
          {milestone.name ? (
            <Text size="sm">
              {latinName(milestone.name)}
              {khmer ? (
                <Text span size="sm" c="dimmed" lang="km">
                  {' '}
                  · {khmer}
                </Text>
              ) : null}
            </Text>
          ) : null}
          {milestone.amount ? (
            <Text size="sm">
              {t('servicing:premium')}:{' '}
              <Text span fw={600}>
                {showMoney(milestone.amount)}
              </Text>
            </Text>
          ) : null}
        </Stack>
        <Badge variant="light" radius="sm" tt="none" c={TONE_TEXT.brand}>
          {t(MILESTONE_TYPE_KEYS[milestone.type])}
        </Badge>
      </Group>
      {showPolicy ? (
        <Anchor component={Link} to={policyScreenPath('policy-detail', milestone.policyNumber)} size="sm" mt={4}>
          {t('servicing:policy_number_value', { number: milestone.policyNumber })}
        </Anchor>
      ) : null}
    </Card>
  );
}
