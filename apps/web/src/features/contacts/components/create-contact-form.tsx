import { useEffect, useState } from 'react';
import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { IconAlert } from '../../../components/ui/icons';
import { OfflineKeyMissingError, type OutboxProblem } from '../../../lib/offline/outbox';
import { outboxProblemText, problemAsApiError } from '../../../lib/offline/outbox-problem';
import { saveRevision } from '../../../lib/offline/revise';
import { contactLabel, useCreateContact } from '../api/create-contact';
import { CONTACT_FORM_FIELDS, EMPTY_CONTACT_FORM, type ContactFormValues } from '../hooks/contact-form-values';
import { isApiError } from '../../../lib/api-client';
import { apiErrorText, applyServerFieldErrors } from '../hooks/form-errors';
import { useContactForm } from '../hooks/use-contact-form';
import { ContactForm } from './contact-form';

/** A contact kept on the phone and refused by the server, opened to be corrected (`?outbox=`). */
export interface ContactRevision {
  id: string;
  body: Record<string, unknown>;
  problem: OutboxProblem | undefined;
}

/**
 * contact-new: the empty form; saved -> success-create-contact/{id}. With `revising`, the kept
 * contact with the server's refusal on its fields; saved -> sent again (or kept, offline).
 */
export function CreateContactForm({ revising }: { revising?: ContactRevision }) {
  const { t, i18n } = useTranslation(['contacts', 'errors', 'offline']);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateContact();
  const form = useContactForm(
    'create',
    revising ? { ...EMPTY_CONTACT_FORM, ...(revising.body as Partial<ContactFormValues>) } : EMPTY_CONTACT_FORM,
  );
  const problemText = (problem: OutboxProblem | undefined) => outboxProblemText(t, (key) => i18n.exists(key), problem);
  const [serverError, setServerError] = useState<string | null>(() => (revising ? problemText(revising.problem) : null));
  const [revisingBusy, setRevisingBusy] = useState(false);
  const { setError } = form;
  const keptProblem = revising?.problem;

  // The fields the server refused, marked as they would be after a save.
  useEffect(() => {
    if (keptProblem) applyServerFieldErrors(problemAsApiError(keptProblem), setError, CONTACT_FORM_FIELDS);
  }, [keptProblem, setError]);

  const saveRevised = async (values: ContactFormValues, revision: ContactRevision) => {
    const { version: _version, ...body } = values;
    setRevisingBusy(true);
    try {
      const outcome = await saveRevision(revision.id, { body, label: contactLabel(body) });
      if (outcome.state === 'conflict') {
        setServerError(problemText(outcome.problem));
        if (outcome.problem) applyServerFieldErrors(problemAsApiError(outcome.problem), setError, CONTACT_FORM_FIELDS);
        return;
      }
      notifications.show(
        outcome.state === 'sent'
          ? { color: 'green', message: t('offline:revised_sent') }
          : { color: 'yellow', message: t('offline:kept_notice') },
      );
      await queryClient.invalidateQueries();
      await navigate('/home/contact');
    } finally {
      setRevisingBusy(false);
    }
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      if (revising) {
        await saveRevised(values, revising);
        return;
      }
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
      if (revising && !isApiError(error)) {
        setServerError(t('offline:item_gone'));
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
      submitting={create.isPending || revisingBusy}
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
