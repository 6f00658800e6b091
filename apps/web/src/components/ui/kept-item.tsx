import type { ReactNode } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OutboxContent, OutboxKind, OutboxRecord } from '../../lib/offline/outbox';
import { useOutboxItem } from '../../lib/offline/use-outbox';
import { useSession } from '../../lib/session';
import { IconAlert } from './icons';
import { PageLoader } from './page-loader';

/**
 * An item kept on the phone (`?outbox=` of a form), opened for the form that corrects it: its
 * record and content once read; "no longer waiting" when it was sent or discarded meanwhile (or
 * is not of this kind); "locked" without the offline key.
 */
export function KeptItem({
  id,
  kind,
  backTo,
  children,
}: {
  id: string;
  kind: OutboxKind;
  backTo: string;
  children: (record: OutboxRecord, content: OutboxContent) => ReactNode;
}) {
  const { t } = useTranslation(['offline', 'common']);
  const item = useOutboxItem(id, useSession().user?.id);
  if (item.status === 'loading') return <PageLoader />;
  if (item.status === 'ready' && item.record.kind === kind) return children(item.record, item.content);
  return (
    <Stack gap="sm" align="flex-start">
      <Alert color="yellow" variant="light" icon={<IconAlert />} role="status" data-testid="kept-item-unavailable">
        {t(item.status === 'locked' ? 'offline:no_key' : 'offline:item_gone')}
      </Alert>
      <Button component={Link} to={backTo} variant="default">
        {t('common:back')}
      </Button>
    </Stack>
  );
}
