import { useEffect, useState, useSyncExternalStore } from 'react';
import { listOutbox, outboxVersion, subscribeOutbox, type OutboxRecord } from './outbox';

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
