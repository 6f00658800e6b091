/**
 * Whether this page registers /sw.js (built by vite-plugins/service-worker.ts), which precaches
 * every built file of the app off the main thread. Production builds only: `vite` serves no
 * service worker.
 */
export function serviceWorkerEnabled(): boolean {
  return import.meta.env.PROD && typeof navigator !== 'undefined' && 'serviceWorker' in navigator;
}

/**
 * Registers /sw.js once the signed-in frame has drawn, so the sign-in screen's first load
 * carries none of it.
 */
export function registerServiceWorker(): void {
  if (!serviceWorkerEnabled()) return;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
