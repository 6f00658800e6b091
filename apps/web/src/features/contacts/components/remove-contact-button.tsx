import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRemoveContact } from '../api/remove-contact';
import { apiErrorText } from '../hooks/form-errors';
import { ConfirmDialog } from './confirm-dialog';

/** Removes a contact (soft delete) after a confirmation, says so, and goes back to the list. */
export function RemoveContactButton({ contactId, name }: { contactId: string; name: string }) {
  const { t } = useTranslation(['contacts', 'errors']);
  const navigate = useNavigate();
  const remove = useRemoveContact();
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(contactId);
    } catch (failure) {
      setError(apiErrorText(failure));
      return;
    }
    setOpened(false);
    notifications.show({ color: 'green', message: t('contacts:removed', { name }) });
    await navigate('/home/contact', { replace: true });
  };

  return (
    <>
      <Button variant="light" color="red" onClick={() => setOpened(true)} data-testid="contact-remove">
        {t('contacts:remove')}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={t('contacts:remove_title')}
        confirmLabel={t('contacts:remove_confirm')}
        onConfirm={() => void confirm()}
        onClose={() => {
          setOpened(false);
          setError(null);
        }}
        busy={remove.isPending}
        error={error}
        testId="contact-remove-dialog"
      >
        {t('contacts:remove_text', { name })}
      </ConfirmDialog>
    </>
  );
}
