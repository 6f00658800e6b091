import { actionKeyFor } from '../action-keys';
import { apiRequest, isApiError, NETWORK_ERROR_STATUS } from '../api-client';
import { isOffline } from '../network-status';
import { readProfile } from '../session';
import { offlineKey } from './offline-key';
import { FLUSH_MESSAGE, requestBackgroundSync } from './offline-sync';
import { addToOutbox, localRefsOf, newIdempotencyKey, type NewOutboxItem, type OutboxRecord } from './outbox';

/** An action sent now (the server's answer), or kept on the phone to send when the network returns. */
export type SentOrKept<T> = { sent: T; kept?: undefined } | { sent?: undefined; kept: OutboxRecord };

/**
 * Sends a create call, or keeps it in the outbox when the phone cannot reach the portal: no
 * network, or a call that got no answer (before this one, or this one itself: the answer may have
 * been lost on the way back). The call and the kept item use one Idempotency-Key (action-keys.ts:
 * a double tap or Save pressed again is the same action), so an attempt that did reach the server
 * is never stored twice: when the kept item is sent, the server answers it with the first answer.
 * Any answer of the server (a 422, a 409) is the caller's to show.
 */
export async function sendOrKeep<T>(
  item: Omit<NewOutboxItem, 'owner' | 'idempotencyKey'>,
  parse: (answer: unknown) => T,
): Promise<SentOrKept<T>> {
  const action = actionKeyFor('POST', item.path, item.body);
  const idempotencyKey = action?.key ?? newIdempotencyKey();
  // An item for a contact that waits itself goes after it, through the outbox, network or not.
  if (!isOffline() && localRefsOf(item.body).length === 0) {
    try {
      const answer = await apiRequest<unknown>(item.path, { method: 'POST', body: item.body, idempotencyKey });
      action?.settle(200);
      return { sent: parse(answer) };
    } catch (error) {
      action?.settle(isApiError(error) ? error.status : NETWORK_ERROR_STATUS);
      if (!isApiError(error) || error.status !== NETWORK_ERROR_STATUS || !isOffline()) throw error;
    }
  }
  const owner = readProfile()?.id;
  if (!owner) throw new Error('No signed-in user');
  const kept = await addToOutbox({ ...item, owner, idempotencyKey }, await offlineKey());
  requestBackgroundSync();
  if (!isOffline()) window.dispatchEvent(new Event(FLUSH_MESSAGE));
  return { kept };
}

/** A call that got no answer because the phone is offline (a screen then reads what is kept). */
export function isOfflineFailure(error: unknown): boolean {
  return isApiError(error) && error.status === NETWORK_ERROR_STATUS;
}
