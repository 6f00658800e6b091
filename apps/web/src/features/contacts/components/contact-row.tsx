import { Badge, Card, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ContactSummary } from '@portal/domain/contracts/contacts/contact-summary';
import { formatDisplayDate } from '@portal/domain/format/date';
import { formatPhone } from '@portal/domain/format/phone';
import { khmerName, latinName } from './contact-name';
import { CONTACT_TYPE_LABELS } from './labels';

/** One contact in the list: both names, phone (+855 grouped in threes), type, date of birth. */
export function ContactRow({ contact, waiting }: { contact: ContactSummary; waiting?: 'waiting' | 'conflict' }) {
  const { t } = useTranslation(['contacts', 'offline']);
  const kh = khmerName(contact);
  return (
    <li className="contact-row">
      <Card
        component={Link}
        to={`/home/contact/contact-detail/${encodeURIComponent(contact.id)}`}
        withBorder
        padding="sm"
        radius="md"
        className="contact-row-link"
        data-testid="contact-row"
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
          <Stack gap={2} miw={0}>
            <Text fw={600} truncate="end" data-testid="contact-row-name">
              {latinName(contact)}
            </Text>
            {kh ? (
              <Text lang="km" size="sm" truncate="end" data-testid="contact-row-name-kh">
                {kh}
              </Text>
            ) : null}
          </Stack>
          {waiting ? (
            <Badge color={waiting === 'conflict' ? 'red' : 'yellow'} variant="light" size="sm" data-testid="contact-row-waiting">
              {t(waiting === 'conflict' ? 'offline:state_conflict' : 'offline:badge_waiting')}
            </Badge>
          ) : (
            <Badge variant="light" size="sm" className="contact-row-badge">
              {t(CONTACT_TYPE_LABELS[contact.contactType])}
            </Badge>
          )}
        </Group>
        <Group gap="md" mt={4} wrap="wrap">
          <Text size="sm" c="dimmed" data-testid="contact-row-phone">
            <VisuallyHidden>{t('contacts:field_phone')}: </VisuallyHidden>
            {formatPhone(contact.phone)}
          </Text>
          <Text size="sm" c="dimmed">
            <VisuallyHidden>{t('contacts:field_dateOfBirth')}: </VisuallyHidden>
            {formatDisplayDate(contact.dateOfBirth)}
          </Text>
        </Group>
      </Card>
    </li>
  );
}
