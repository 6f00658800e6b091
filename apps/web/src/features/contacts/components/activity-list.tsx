import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ActivityResponse } from '@portal/domain/contracts/activities/create-activity';
import { CONTACT_DETAIL_MAX_ACTIVITIES } from '@portal/domain/contracts/contacts/find-contact-with-activities';
import { activityWhen } from '../hooks/activity-when';
import { ACTIVITY_TYPE_LABELS, DAY_TYPE_LABELS } from './labels';

/** A contact's sales activities, newest first, each with a link to edit it. */
export function ActivityList({ contactId, activities }: { contactId: string; activities: readonly ActivityResponse[] }) {
  const { t } = useTranslation(['contacts']);
  if (activities.length === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="activity-list-empty">
        {t('contacts:activities_empty')}
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <ul className="activity-list contact-list" data-testid="activity-list">
        {activities.map((activity) => (
          <li key={activity.id}>
            <Card withBorder padding="sm" radius="md" data-testid="activity-row">
              <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
                <Stack gap={2} miw={0}>
                  <Text fw={600} data-testid="activity-row-type">
                    {t(ACTIVITY_TYPE_LABELS[activity.activityType])}
                  </Text>
                  <Text size="sm" data-testid="activity-row-when">
                    <time dateTime={activity.startDate}>{activityWhen(activity)}</time>
                  </Text>
                </Stack>
                <Badge variant="outline" size="sm">
                  {t(DAY_TYPE_LABELS[activity.dayType])}
                </Badge>
              </Group>
              {activity.notes ? (
                <Text size="sm" mt={6} className="pre-wrap" data-testid="activity-row-notes">
                  {activity.notes}
                </Text>
              ) : null}
              <Anchor
                component={Link}
                to={`/home/contact/${encodeURIComponent(contactId)}/add-activity?activityId=${encodeURIComponent(activity.id)}`}
                size="sm"
                mt={6}
                display="inline-block"
                aria-label={t('contacts:activity_edit_label', {
                  type: t(ACTIVITY_TYPE_LABELS[activity.activityType]),
                  when: activityWhen(activity),
                })}
                data-testid="activity-edit"
              >
                {t('contacts:activity_edit')}
              </Anchor>
            </Card>
          </li>
        ))}
      </ul>
      {activities.length >= CONTACT_DETAIL_MAX_ACTIVITIES ? (
        <Text size="sm" c="dimmed">
          {t('contacts:activities_latest_only', { max: CONTACT_DETAIL_MAX_ACTIVITIES })}
        </Text>
      ) : null}
    </Stack>
  );
}
