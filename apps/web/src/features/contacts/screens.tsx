import { lazy, Suspense, type ComponentProps } from 'react';
import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { KeptItem } from '../../components/ui/kept-item';
import { PageHeader } from '../../components/ui/page-header';
import type { ScreenComponents } from '../../lib/screen-route';
import { useActivityForEdit } from './api/find-activity';
import { useContactForEdit } from './api/find-contact';
import { useContactWithActivities } from './api/find-contact-with-activities';
import { ContactDetail } from './components/contact-detail';
import { ContactList } from './components/contact-list';
import { khmerName, latinName } from './components/contact-name';
import { CreateContactForm } from './components/create-contact-form';
import { RecordError, RecordNotFound, RecordSkeleton } from './components/record-state';
import { SavedContactPanel } from './components/saved-contact-panel';
import { UpdateContactForm } from './components/update-contact-form';
import './contacts.css';

// The activity form's calendar (Mantine's date pickers, dayjs) comes only with the activity screen.
const LazyActivityForm = lazy(() => import('./components/activity-form').then((m) => ({ default: m.ActivityForm })));

function ActivityForm(props: ComponentProps<typeof LazyActivityForm>) {
  return (
    <Suspense fallback={<RecordSkeleton rows={5} />}>
      <LazyActivityForm {...props} />
    </Suspense>
  );
}

function useRecordId(): string {
  return useParams().id ?? '';
}

function ContactsScreen() {
  const { t } = useTranslation(['contacts']);
  return (
    <>
      <PageHeader
        titleKey="contacts:title"
        actions={
          <Button component={Link} to="/home/contact/contact-new" data-testid="contact-new">
            {t('contacts:new_contact')}
          </Button>
        }
      />
      <ContactList />
    </>
  );
}

function ContactDetailScreen() {
  const id = useRecordId();
  const query = useContactWithActivities(id);
  return (
    <>
      <PageHeader titleKey="contacts:detail_title" />
      {query.data ? (
        <ContactDetail contact={query.data} />
      ) : query.isError ? (
        <RecordError error={query.error} onRetry={() => void query.refetch()} notFoundKey="contacts:not_found" />
      ) : (
        <RecordSkeleton rows={8} />
      )}
    </>
  );
}

/** contact-new; with `?outbox=`, a contact kept on the phone and refused by the server, to correct and send again. */
function ContactNewScreen() {
  const { t } = useTranslation(['contacts', 'offline']);
  const outboxId = useSearchParams()[0].get('outbox');
  return (
    <>
      <PageHeader titleKey="contacts:new_title" subtitle={t(outboxId ? 'offline:revise_intro' : 'contacts:new_intro')} />
      {outboxId ? (
        <KeptItem id={outboxId} kind="contact" backTo="/home/contact">
          {(record, content) => (
            <CreateContactForm key={record.id} revising={{ id: record.id, body: content.body, problem: record.problem }} />
          )}
        </KeptItem>
      ) : (
        <CreateContactForm />
      )}
    </>
  );
}

function ContactUpdateScreen() {
  const id = useRecordId();
  const query = useContactForEdit(id);
  const reloadLatest = async () => {
    const result = await query.refetch();
    return result.isSuccess ? result.data : null;
  };
  return (
    <>
      <PageHeader titleKey="contacts:update_title" />
      {/* Once the form shows, it stays: a later refetch (after a conflict) never unmounts the input. */}
      {query.data ? (
        <UpdateContactForm contact={query.data} reloadLatest={reloadLatest} />
      ) : query.isError ? (
        <RecordError error={query.error} onRetry={() => void query.refetch()} notFoundKey="contacts:not_found" />
      ) : (
        <RecordSkeleton rows={10} />
      )}
    </>
  );
}

function SuccessCreateScreen() {
  return (
    <>
      <PageHeader titleKey="contacts:success_create_title" />
      <SavedContactPanel contactId={useRecordId()} created />
    </>
  );
}

function SuccessUpdateScreen() {
  return (
    <>
      <PageHeader titleKey="contacts:success_update_title" />
      <SavedContactPanel contactId={useRecordId()} created={false} />
    </>
  );
}

/** `/home/contact/:id/add-activity` adds one; `?activityId=` edits (and can delete) that one. */
function AddActivityScreen() {
  const { t } = useTranslation(['contacts']);
  const contactId = useRecordId();
  const [params] = useSearchParams();
  const activityId = params.get('activityId');
  const contact = useContactWithActivities(contactId);
  const name = contact.data ? [latinName(contact.data), khmerName(contact.data)].filter(Boolean).join(' · ') : '';
  return (
    <>
      <PageHeader
        titleKey={activityId ? 'contacts:edit_activity_title' : 'contacts:add_activity_title'}
        subtitle={
          name ? (
            <Text span data-testid="activity-contact-name">
              {t('contacts:activity_for', { name })}
            </Text>
          ) : undefined
        }
      />
      {contact.isError && !contact.data ? (
        <RecordError error={contact.error} onRetry={() => void contact.refetch()} notFoundKey="contacts:not_found" />
      ) : activityId ? (
        <EditActivity contactId={contactId} activityId={activityId} />
      ) : contact.data ? (
        <ActivityForm contactId={contactId} />
      ) : (
        <RecordSkeleton rows={5} />
      )}
    </>
  );
}

function EditActivity({ contactId, activityId }: { contactId: string; activityId: string }) {
  const query = useActivityForEdit(activityId);
  const reloadLatest = async () => {
    const result = await query.refetch();
    return result.isSuccess ? result.data : null;
  };
  if (query.data && query.data.contactId === contactId) {
    return <ActivityForm contactId={contactId} activity={query.data} reloadLatest={reloadLatest} />;
  }
  if (query.isError)
    return <RecordError error={query.error} onRetry={() => void query.refetch()} notFoundKey="contacts:activity_not_found" />;
  if (query.data) return <RecordNotFound messageKey="contacts:activity_not_found" />;
  return <RecordSkeleton rows={5} />;
}

/** Contacts area (spec §2). */
export const screens: ScreenComponents = {
  contacts: ContactsScreen,
  'contact-detail': ContactDetailScreen,
  'contact-update': ContactUpdateScreen,
  'contact-new': ContactNewScreen,
  'success-create-contact': SuccessCreateScreen,
  'success-update-contact': SuccessUpdateScreen,
  'add-activity': AddActivityScreen,
};
