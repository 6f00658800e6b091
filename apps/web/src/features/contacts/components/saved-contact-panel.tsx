import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconCheck } from '../../../components/ui/icons';
import { useContactWithActivities } from '../api/find-contact-with-activities';
import { khmerName, latinName } from './contact-name';

/**
 * success-create-contact / success-update-contact: what was saved, and where to go next (the
 * contact, a first activity for a new one, the list). The name comes from the cache the save
 * filled; if it cannot be read, the links still work.
 */
export function SavedContactPanel({ contactId, created }: { contactId: string; created: boolean }) {
  const { t } = useTranslation(['contacts', 'common']);
  const contact = useContactWithActivities(contactId);
  const id = encodeURIComponent(contactId);
  const name = contact.data ? latinName(contact.data) : '';
  const kh = contact.data ? khmerName(contact.data) : '';

  return (
    <Stack gap="md" align="flex-start" data-testid="contact-saved">
      <ThemeIcon color="green" variant="light" size={48} radius="xl">
        <IconCheck size={26} />
      </ThemeIcon>
      <Text role="status" data-testid="contact-saved-text">
        {name
          ? t(created ? 'contacts:success_create_text' : 'contacts:success_update_text', { name })
          : t(created ? 'contacts:success_create_empty' : 'contacts:success_update_empty')}
      </Text>
      {kh ? (
        <Text lang="km" c="dimmed">
          {kh}
        </Text>
      ) : null}
      <Stack gap="sm" w="100%" maw={420}>
        <Button component={Link} to={`/home/contact/contact-detail/${id}`} fullWidth data-testid="contact-saved-view">
          {t('contacts:view_contact')}
        </Button>
        {created ? (
          <Button component={Link} to={`/home/contact/${id}/add-activity`} variant="light" fullWidth>
            {t('contacts:add_activity')}
          </Button>
        ) : null}
        <Button component={Link} to="/home/contact" variant="default" fullWidth data-testid="contact-saved-list">
          {t('contacts:back_to_list')}
        </Button>
      </Stack>
    </Stack>
  );
}
