import { useEffect, useState, useSyncExternalStore } from 'react';
import { offlineKey, offlineKeyVersion, subscribeOfflineKey } from './offline-key';
import {
  findOutboxItem,
  listOutbox,
  openOutboxItem,
  outboxVersion,
  subscribeOutbox,
  type OutboxContent,
  type OutboxRecord,
} from './outbox';

/** The signed-in advisor's outbox, read again whenever it changes in this page. */
export function useOutbox(owner: string | undefined): OutboxRecord[] {
  const version = useSyncExternalStore(subscribeOutbox, outboxVersion, outboxVersion);
  const [items, setItems] = useState<OutboxRecord[]>([]);
  useEffect(() => {
    if (!owner) return;
    let current = true;
    listOutbox(owner).then(
      (list) => {
        if (current) setItems(list);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [owner, version]);
  return owner ? items : [];
}

export type KeptItem =
  | { status: 'loading' }
  /** Sent or discarded meanwhile, or another advisor's. */
  | { status: 'missing' }
  /** No offline key in this page (no network and not unlocked). */
  | { status: 'locked' }
  | { status: 'ready'; record: OutboxRecord; content: OutboxContent };

/** One of the signed-in advisor's kept items, opened (a refused one, to correct in its form). */
export function useOutboxItem(id: string, owner: string | undefined): KeptItem {
  const keyVersion = useSyncExternalStore(subscribeOfflineKey, offlineKeyVersion, offlineKeyVersion);
  const [item, setItem] = useState<KeptItem>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    const settle = (next: KeptItem) => current && setItem(next);
    void (async () => {
      const record = await findOutboxItem(id);
      if (!record || record.owner !== owner) return settle({ status: 'missing' });
      const key = await offlineKey();
      if (!key) return settle({ status: 'locked' });
      settle({ status: 'ready', record, content: await openOutboxItem(record, key) });
    })().catch(() => settle({ status: 'missing' }));
    return () => {
      current = false;
    };
  }, [id, owner, keyVersion]);
  return item;
}
