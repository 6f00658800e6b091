import { useState } from 'react';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconAlert } from '../../../components/ui/icons';
import { OfflineKeyMissingError } from '../../../lib/offline/outbox';
import { useCreateContact } from '../api/create-contact';
import { CONTACT_FORM_FIELDS, EMPTY_CONTACT_FORM } from '../hooks/contact-form-values';
import { apiErrorText, applyServerFieldErrors } from '../hooks/form-errors';
import { useContactForm } from '../hooks/use-contact-form';
import { ContactForm } from './contact-form';

/** contact-new: the empty form; saved -> success-create-contact/{id}. */
export function CreateContactForm() {
  const { t } = useTranslation(['contacts', 'errors', 'offline']);
  const navigate = useNavigate();
  const create = useCreateContact();
  const form = useContactForm('create', EMPTY_CONTACT_FORM);
  const [serverError, setServerError] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { sent: contact } = await create.mutateAsync(values);
      if (!contact) {
        notifications.show({ color: 'yellow', message: t('offline:kept_notice') });
        await navigate('/home/contact');
        return;
      }
      await navigate(`/home/contact/success-create-contact/${encodeURIComponent(contact.id)}`);
    } catch (error) {
      if (error instanceof OfflineKeyMissingError) {
        setServerError(t('offline:no_key'));
        return;
      }
      const { placed, unplaced } = applyServerFieldErrors(error, form.setError, CONTACT_FORM_FIELDS);
      if (placed === 0 || unplaced.length > 0) setServerError(apiErrorText(error));
    }
  });

  return (
    <ContactForm
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('contacts:save_new')}
      submitting={create.isPending}
      cancelTo="/home/contact"
      testId="contact-new-form"
      banner={
        serverError ? (
          <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="contact-save-error">
            {serverError}
          </Alert>
        ) : null
      }
    />
  );
}
