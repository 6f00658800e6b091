import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteActivity } from '../api/delete-activity';
import { apiErrorText } from '../hooks/form-errors';
import { ConfirmDialog } from './confirm-dialog';

/** Deletes a sales activity after a confirmation, then goes back to its contact. */
export function DeleteActivityButton({ activityId, contactId }: { activityId: string; contactId: string }) {
  const { t } = useTranslation(['contacts', 'errors']);
  const navigate = useNavigate();
  const remove = useDeleteActivity(contactId);
  const [opened, setOpened] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(activityId);
      setOpened(false);
      notifications.show({ color: 'green', message: t('contacts:activity_deleted') });
      await navigate(`/home/contact/contact-detail/${encodeURIComponent(contactId)}`);
    } catch (failure) {
      setError(apiErrorText(failure));
    }
  };

  return (
    <>
      <Button variant="subtle" color="red" onClick={() => setOpened(true)} data-testid="activity-delete">
        {t('contacts:activity_delete')}
      </Button>
      <ConfirmDialog
        opened={opened}
        title={t('contacts:activity_delete_title')}
        confirmLabel={t('contacts:activity_delete_confirm')}
        onConfirm={() => void confirm()}
        onClose={() => {
          setOpened(false);
          setError(null);
        }}
        busy={remove.isPending}
        error={error}
        testId="activity-delete-dialog"
      >
        {t('contacts:activity_delete_text')}
      </ConfirmDialog>
    </>
  );
}
