import { useState } from 'react';
import { Alert, Card, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { AGENCY_STAFF_ROLES } from '@portal/domain/codes/roles';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { DELIVERY_STATUSES, type DeliveryStatus } from '@portal/domain/contracts/policies/policy-fields';
import { IconAlert } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { useUpdateDeliveryStatus } from '../api/update-delivery-status';
import { showDate } from './format';
import { DELIVERY_STATUS_KEYS } from './labels';
import { errorText } from './query-state';
import { BusyButton } from '../../../components/ui/busy-button';

function isDeliveryStatus(value: string): value is DeliveryStatus {
  return (DELIVERY_STATUSES as readonly string[]).includes(value);
}

/**
 * Where the printed policy pack is. Everyone sees it; agency staff (who may record it, per the
 * access policy) get a select and Save. A 409 means someone else changed the policy first: the
 * detail is read again and the message says so.
 */
export function DeliveryStatusCard({ detail }: { detail: PolicyDetailsResponse }) {
  const { t } = useTranslation(['servicing', 'errors']);
  const { user } = useSession();
  const canEdit = Boolean(user?.roles.some((role) => (AGENCY_STAFF_ROLES as readonly string[]).includes(role)));
  const [choice, setChoice] = useState<DeliveryStatus>(detail.deliveryStatus);
  // A new answer (saved here, or read again after a conflict) moves the select to the stored status;
  // the card stays mounted so that the conflict message stays on screen.
  const [shown, setShown] = useState<DeliveryStatus>(detail.deliveryStatus);
  if (shown !== detail.deliveryStatus) {
    setShown(detail.deliveryStatus);
    setChoice(detail.deliveryStatus);
  }
  const update = useUpdateDeliveryStatus(detail.policyNumber);

  const save = () => {
    update.mutate(
      { policyNumber: detail.policyNumber, deliveryStatus: choice, version: detail.version },
      { onSuccess: () => notifications.show({ color: 'green', message: t('servicing:delivery_saved') }) },
    );
  };
  const conflict = update.isError && isApiError(update.error) && update.error.status === 409;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="delivery-heading" mb="lg" data-testid="delivery-status">
      <Title order={2} size="h4" id="delivery-heading" mb="xs">
        {t('servicing:delivery_status')}
      </Title>
      <Text>
        <Text span fw={700}>
          {t(DELIVERY_STATUS_KEYS[detail.deliveryStatus])}
        </Text>
        {detail.deliveryStatusDate ? ` · ${showDate(detail.deliveryStatusDate)}` : ''}
      </Text>
      {canEdit ? (
        <Stack gap="sm" mt="sm">
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label={t('servicing:delivery_change')}
              value={choice}
              onChange={(event) => {
                const value = event.currentTarget.value;
                if (isDeliveryStatus(value)) setChoice(value);
                update.reset();
              }}
              data={DELIVERY_STATUSES.map((status) => ({ value: status, label: t(DELIVERY_STATUS_KEYS[status]) }))}
              miw={200}
            />
            <BusyButton onClick={save} busy={update.isPending} disabled={choice === detail.deliveryStatus}>
              {t('servicing:delivery_save')}
            </BusyButton>
          </Group>
          {update.isError ? (
            <Alert color="red" variant="light" icon={<IconAlert />} role="alert">
              {conflict ? t('servicing:delivery_conflict') : errorText(update.error)}
            </Alert>
          ) : null}
        </Stack>
      ) : null}
    </Card>
  );
}
