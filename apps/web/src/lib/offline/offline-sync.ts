import { isOffline, REACHABLE_EVENT } from '../network-status';
import { flushOutbox, type FlushOptions } from './outbox';

/** The Background Sync tag; the service worker asks the open pages to send (sw-src/sw.ts). */
export const SYNC_TAG = 'portal-outbox';
export const FLUSH_MESSAGE = 'portal-outbox-flush';

interface SyncRegistration extends ServiceWorkerRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** Asks the browser to wake the app when the network returns (Chromium's Background Sync). */
export function requestBackgroundSync(): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as SyncRegistration).sync?.register(SYNC_TAG))
    .catch(() => undefined);
}

/**
 * Sends what waits whenever there may be network again: now, on the `online` event, when the
 * portal answers again after a call got no answer (lib/network-status.ts), when the app comes back
 * to the screen, and when the service worker's Background Sync fires. Browsers without Background
 * Sync (Safari, Firefox) rely on the others.
 */
export function startOfflineSync(options: FlushOptions): () => void {
  const flush = () => {
    if (isOffline()) return;
    void flushOutbox(options).catch(() => undefined);
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') flush();
  };
  const onMessage = (event: MessageEvent) => {
    if ((event.data as { type?: unknown } | null)?.type === FLUSH_MESSAGE) flush();
  };
  window.addEventListener('online', flush);
  window.addEventListener(REACHABLE_EVENT, flush);
  window.addEventListener(FLUSH_MESSAGE, flush);
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onMessage);
  flush();
  return () => {
    window.removeEventListener('online', flush);
    window.removeEventListener(REACHABLE_EVENT, flush);
    window.removeEventListener(FLUSH_MESSAGE, flush);
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onMessage);
  };
}
