import { useEffect, useState, useSyncExternalStore } from 'react';
import { Alert, Badge, Button, Drawer, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { startOfflineSync } from '../../lib/offline/offline-sync';
import { currentOfflineKey, offlineKey, offlineKeyVersion, subscribeOfflineKey } from '../../lib/offline/offline-key';
import {
  discardOutboxItem,
  flushOutbox,
  openOutboxItem,
  retryOutboxItem,
  type OutboxContent,
  type OutboxRecord,
} from '../../lib/offline/outbox';
import { registerServiceWorker } from '../../lib/offline/register-service-worker';
import { serverCatalogueVersion } from '../../lib/offline/revise';
import { useOutbox } from '../../lib/offline/use-outbox';
import { worksOffline } from '../../lib/offline/password-unlock';
import { outboxProblemText } from '../../lib/offline/outbox-problem';
import { useSession } from '../../lib/session';
import { IconUpload } from '../../components/ui/icons';

function useOpened(record: OutboxRecord): OutboxContent | null {
  const [content, setContent] = useState<OutboxContent | null>(null);
  // Read again when the key arrives (the network returned, or the advisor unlocked with the password).
  const keyVersion = useSyncExternalStore(subscribeOfflineKey, offlineKeyVersion, offlineKeyVersion);
  useEffect(() => {
    const key = currentOfflineKey();
    if (!key) return;
    let current = true;
    openOutboxItem(record, key).then(
      (opened) => current && setContent(opened),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [record, keyVersion]);
  return content;
}

/** Where a refused item of each kind is corrected: its own form, filled with what was kept. */
const EDIT_PATHS: Partial<Record<OutboxRecord['kind'], (id: string) => string>> = {
  contact: (id) => `/home/contact/contact-new?outbox=${encodeURIComponent(id)}`,
  proposal: (id) => `/home/proposal?outbox=${encodeURIComponent(id)}`,
};

function OutboxRow({ record, owner, onEdit }: { record: OutboxRecord; owner: string; onEdit: () => void }) {
  const { t, i18n } = useTranslation(['offline', 'errors']);
  const content = useOpened(record);
  const [confirming, setConfirming] = useState(false);
  const problem = record.problem;
  const problemText = problem ? outboxProblemText(t, (key) => i18n.exists(key), problem) : null;
  // A refused contact or quote is corrected in the form it came from.
  const editTo = EDIT_PATHS[record.kind]?.(record.id);
  const resend = async () => {
    const key = await offlineKey();
    if (!key) return;
    await retryOutboxItem(record, key);
    void flushOutbox({ owner, currentCatalogueVersion: serverCatalogueVersion }).catch(() => undefined);
  };
  return (
    <Stack gap={4} p="xs" className="outbox-row" data-testid="outbox-item" data-kind={record.kind} data-state={record.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={600} truncate="end">
          {content?.label ?? t('offline:locked_label')}
        </Text>
        <Badge color={record.state === 'conflict' ? 'red' : 'yellow'} variant="light">
          {record.state === 'conflict' ? t('offline:state_conflict') : t('offline:state_waiting')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed">
        {t(`offline:kind_${record.kind}`)} · {new Date(record.createdAt).toLocaleString(i18n.language === 'km' ? 'km-KH' : 'en-GB')}
      </Text>
      {problemText ? (
        <Alert color="red" variant="light" role="alert" p="xs">
          {problemText}
        </Alert>
      ) : null}
      {record.state === 'conflict' ? (
        <Group gap="xs">
          {editTo ? (
            <Button size="xs" component={Link} to={editTo} onClick={onEdit} data-testid="outbox-edit">
              {t('offline:edit')}
            </Button>
          ) : null}
          <Button size="xs" variant="light" onClick={() => void resend()} data-testid="outbox-resend">
            {t('offline:resend')}
          </Button>
          <Button size="xs" color="red" variant="subtle" onClick={() => setConfirming(true)} data-testid="outbox-discard">
            {t('offline:discard')}
          </Button>
        </Group>
      ) : null}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title={t('offline:discard_title')} centered>
        <Text mb="md">{t('offline:discard_body')}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('offline:keep')}
          </Button>
          <Button color="red" onClick={() => void discardOutboxItem(record.id)} data-testid="outbox-discard-confirm">
            {t('offline:discard')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

/**
 * The header's "waiting to send" count and the list behind it. For an advisor it also fetches the
 * offline key, installs the service worker and sends what waits whenever the network returns.
 */
export function OfflineStatus() {
  const { t } = useTranslation(['offline']);
  const { user } = useSession();
  const queryClient = useQueryClient();
  const advisor = user ? worksOffline(user.roles) : false;
  const owner = advisor ? user?.id : undefined;
  const items = useOutbox(owner);
  const [opened, setOpened] = useState(false);

  useEffect(() => {
    registerServiceWorker();
  }, []);

  useEffect(() => {
    if (!owner) return;
    void offlineKey();
    return startOfflineSync({
      owner,
      currentCatalogueVersion: serverCatalogueVersion,
      onSent: () => void queryClient.invalidateQueries(),
    });
  }, [owner, queryClient]);

  if (!owner || items.length === 0) return null;
  const conflicts = items.filter((item) => item.state === 'conflict').length;
  return (
    <>
      <UnstyledButton
        onClick={() => setOpened(true)}
        data-testid="outbox-count"
        // The header's logo gives way first: the count keeps its width.
        style={{ flexShrink: 0 }}
        aria-label={t('offline:waiting_count', { count: items.length })}
        title={t('offline:waiting_short', { count: items.length })}
      >
        {/* The number alone fits a 360 px header; the button's label says what it counts. */}
        <Badge color={conflicts > 0 ? 'red' : 'yellow'} variant="filled" autoContrast size="lg" leftSection={<IconUpload size={14} />}>
          {items.length}
        </Badge>
      </UnstyledButton>
      <Drawer opened={opened} onClose={() => setOpened(false)} position="right" title={t('offline:waiting_title')}>
        <Stack gap="sm" data-testid="outbox-list">
          <Text size="sm">{t('offline:waiting_help')}</Text>
          {items.map((record) => (
            <OutboxRow key={record.id} record={record} owner={owner} onEdit={() => setOpened(false)} />
          ))}
        </Stack>
      </Drawer>
    </>
  );
}
