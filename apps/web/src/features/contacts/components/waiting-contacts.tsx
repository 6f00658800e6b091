import { useEffect, useState } from 'react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { waitingContacts, type KeptContact } from '../../../lib/offline/offline-contacts';
import { useOutbox } from '../../../lib/offline/use-outbox';
import { useSession } from '../../../lib/session';
import { ContactRow } from './contact-row';

/** Contacts made without network, kept on the phone until they are sent: above the list. */
export function WaitingContacts() {
  const { t } = useTranslation(['offline']);
  const owner = useSession().user?.id;
  const outbox = useOutbox(owner);
  const [contacts, setContacts] = useState<KeptContact[]>([]);
  useEffect(() => {
    let current = true;
    waitingContacts().then(
      (found) => current && setContacts(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [outbox]);
  if (contacts.length === 0) return null;
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t('offline:waiting_title')}
      </Text>
      <ul className="contact-list" aria-label={t('offline:waiting_title')} data-testid="contact-list-waiting">
        {contacts.map((contact) => (
          <ContactRow key={contact.id} contact={contact} waiting={contact.outbox?.state ?? 'waiting'} />
        ))}
      </ul>
    </Stack>
  );
}
