import { useEffect, useState } from 'react';
import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { waitingActivities, type WaitingActivity } from '../../../lib/offline/offline-contacts';
import { useOutbox } from '../../../lib/offline/use-outbox';
import { useSession } from '../../../lib/session';

/** A contact's sales activities made without network, kept on the phone until they are sent. */
export function WaitingActivities({ contactId }: { contactId: string }) {
  const { t } = useTranslation(['offline']);
  const outbox = useOutbox(useSession().user?.id);
  const [activities, setActivities] = useState<WaitingActivity[]>([]);
  useEffect(() => {
    let current = true;
    waitingActivities(contactId).then(
      (found) => current && setActivities(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [contactId, outbox]);
  if (activities.length === 0) return null;
  return (
    <ul className="activity-list contact-list" aria-label={t('offline:waiting_title')} data-testid="activity-list-waiting">
      {activities.map(({ record, label, notes, startDate }) => (
        <li key={record.id}>
          <Card withBorder padding="sm" radius="md" data-testid="activity-row-waiting">
            <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
              <Stack gap={2} miw={0}>
                <Text fw={600}>{label}</Text>
                <Text size="sm">{startDate.replace('T', ' ').slice(0, 16)}</Text>
              </Stack>
              <Badge color={record.state === 'conflict' ? 'red' : 'yellow'} variant="light" size="sm">
                {t(record.state === 'conflict' ? 'offline:state_conflict' : 'offline:badge_waiting')}
              </Badge>
            </Group>
            {notes ? (
              <Text size="sm" mt={6} className="pre-wrap">
                {notes}
              </Text>
            ) : null}
          </Card>
        </li>
      ))}
    </ul>
  );
}
