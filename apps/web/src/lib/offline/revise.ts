import { api } from '../api-client';
import { isOffline } from '../network-status';
import { offlineKey } from './offline-key';
import { findOutboxItem, flushOutbox, OfflineKeyMissingError, reviseOutboxItem, type OutboxContent, type OutboxProblem } from './outbox';

/** The catalogue version the server has now (a quote made on another one is a conflict). */
export async function serverCatalogueVersion(): Promise<string | null> {
  const answer = await api.get<{ catalogueVersion?: unknown } | null>('/api/product/v1/');
  return typeof answer?.catalogueVersion === 'string' ? answer.catalogueVersion : null;
}

/** What became of a changed item: on the server, still waiting for the network, or refused again. */
export type RevisionOutcome = { state: 'sent' } | { state: 'waiting' } | { state: 'conflict'; problem: OutboxProblem | undefined };

/**
 * Saves the advisor's changes to an item kept on the phone (a refused one, corrected in the form
 * it came from) and, with network, sends what waits at once: the outcome for that item. Throws
 * OfflineKeyMissingError when the page has no key, and an Error when the item is gone.
 */
export async function saveRevision(id: string, content: OutboxContent, catalogueVersion?: string): Promise<RevisionOutcome> {
  const key = await offlineKey();
  if (!key) throw new OfflineKeyMissingError();
  const record = await findOutboxItem(id);
  if (!record) throw new Error('The item is no longer kept');
  await reviseOutboxItem(record, content, key, catalogueVersion);
  if (isOffline()) return { state: 'waiting' };
  // Twice at most: a round already under way when the item changed did not take it.
  for (let round = 0; round < 2; round++) {
    const report = await flushOutbox({ owner: record.owner, currentCatalogueVersion: serverCatalogueVersion });
    const after = await findOutboxItem(id);
    if (!after) return { state: 'sent' };
    if (after.state === 'conflict') return { state: 'conflict', problem: after.problem };
    if (report.stopped) break;
  }
  return { state: 'waiting' };
}
