import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isContactType, isGender } from '@portal/domain/codes/client';
import { isIdentificationType } from '@portal/domain/codes/identification-types';
import type { ContactResponse } from '@portal/domain/contracts/contacts/create-contact';
import { IconAlert } from '../../../components/ui/icons';
import { useUpdateContact } from '../api/update-contact';
import {
  changedFields,
  CONTACT_FORM_FIELDS,
  toContactFormValues,
  type ContactFormField,
  type ContactFormValues,
} from '../hooks/contact-form-values';
import { apiErrorText, applyServerFieldErrors, isConflict, isNotFound } from '../hooks/form-errors';
import { useContactForm } from '../hooks/use-contact-form';
import { ContactForm } from './contact-form';
import { CONTACT_FIELD_LABELS, CONTACT_TYPE_LABELS, GENDER_LABELS, ID_TYPE_LABELS } from './labels';
import { BusyButton } from '../../../components/ui/busy-button';

interface UpdateContactFormProps {
  contact: ContactResponse;
  /** Reads the contact again (fresh from the server); answers it, or null when that failed. */
  reloadLatest: () => Promise<ContactResponse | null>;
}

/**
 * contact-update: the stored contact in the form, saved against the version it was read at.
 * A 409 (someone saved it meanwhile) keeps everything typed and offers the latest version: its
 * changes are shown next to the fields, and saving again applies the form over it. Nothing the
 * person typed is lost unless they choose "use the saved version".
 */
export function UpdateContactForm({ contact, reloadLatest }: UpdateContactFormProps) {
  const { t } = useTranslation(['contacts', 'errors', 'common']);
  const navigate = useNavigate();
  const update = useUpdateContact();
  const [original, setOriginal] = useState(() => toContactFormValues(contact));
  const form = useContactForm('update', original);
  const [serverError, setServerError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<'stale' | 'reloaded' | null>(null);
  const [latest, setLatest] = useState<ContactFormValues | null>(null);
  const [reloading, setReloading] = useState(false);

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const saved = await update.mutateAsync({ id: contact.id, body: { ...values, version: values.version ?? contact.version } });
      await navigate(`/home/contact/success-update-contact/${encodeURIComponent(saved.id)}`);
    } catch (error) {
      if (isConflict(error)) {
        setConflict('stale');
        setLatest(null);
        return;
      }
      if (isNotFound(error)) {
        setServerError(t('contacts:gone'));
        return;
      }
      const { placed, unplaced } = applyServerFieldErrors(error, form.setError, CONTACT_FORM_FIELDS);
      if (placed === 0 || unplaced.length > 0) setServerError(apiErrorText(error));
    }
  });

  const onReload = async () => {
    setReloading(true);
    setServerError(null);
    try {
      const fresh = await reloadLatest();
      if (!fresh) {
        setServerError(t('contacts:reload_failed'));
        return;
      }
      const values = toContactFormValues(fresh);
      setLatest(values);
      setConflict('reloaded');
      // Save over the latest version from now on; every typed value stays in the form.
      form.setValue('version', fresh.version);
    } finally {
      setReloading(false);
    }
  };

  const applySavedVersion = () => {
    if (!latest) return;
    form.reset(latest);
    setOriginal(latest);
    setLatest(null);
    setConflict(null);
  };

  // What changed on the server since this form was opened (not what the person changed).
  const changedOnServer = new Set<ContactFormField>(latest ? changedFields(latest, original) : []);
  const savedValueText = (field: ContactFormField): string => {
    const value = latest?.[field];
    if (value === undefined || value === null || String(value).trim() === '') return t('contacts:value_empty');
    if (field === 'contactType' && isContactType(value)) return t(CONTACT_TYPE_LABELS[value]);
    if (field === 'gender' && isGender(value)) return t(GENDER_LABELS[value]);
    if (field === 'idType' && isIdentificationType(value)) return t(ID_TYPE_LABELS[value]);
    return String(value);
  };
  const savedHint = (field: ContactFormField) =>
    changedOnServer.has(field) ? (
      <Text span size="xs" c="orange.9" fw={600} data-testid={`saved-value-${field}`}>
        {t('contacts:conflict_saved_value', { value: savedValueText(field) })}
      </Text>
    ) : null;

  const banner = (
    <>
      {serverError ? (
        <Alert color="red" variant="light" icon={<IconAlert />} role="alert" data-testid="contact-save-error">
          {serverError}
        </Alert>
      ) : null}
      {conflict === 'stale' ? (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlert />}
          role="alert"
          title={t('contacts:conflict_title')}
          data-testid="contact-conflict"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('contacts:conflict_text')}</Text>
            <BusyButton
              size="sm"
              variant="filled"
              color="orange.9"
              onClick={() => void onReload()}
              busy={reloading}
              data-testid="contact-conflict-reload"
            >
              {t('contacts:conflict_reload')}
            </BusyButton>
          </Stack>
        </Alert>
      ) : null}
      {conflict === 'reloaded' ? (
        <Alert
          color="blue"
          variant="light"
          icon={<IconAlert />}
          role="status"
          title={t('contacts:conflict_reloaded_title')}
          data-testid="contact-conflict-reloaded"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {changedOnServer.size > 0
                ? t('contacts:conflict_reloaded_text', {
                    fields: [...changedOnServer].map((field) => t(CONTACT_FIELD_LABELS[field])).join(', '),
                  })
                : t('contacts:conflict_reloaded_same')}
            </Text>
            <Group gap="sm">
              <Button size="sm" variant="default" onClick={applySavedVersion} data-testid="contact-conflict-use-saved">
                {t('contacts:conflict_use_saved')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
    </>
  );

  return (
    <ContactForm
      form={form}
      onSubmit={onSubmit}
      submitLabel={t('contacts:save_changes')}
      submitting={update.isPending}
      cancelTo={`/home/contact/contact-detail/${encodeURIComponent(contact.id)}`}
      testId="contact-update-form"
      banner={banner}
      savedHint={savedHint}
    />
  );
}
