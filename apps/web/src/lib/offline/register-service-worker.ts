/**
 * Registers /sw.js (built by vite-plugins/service-worker.ts) once the signed-in frame has drawn,
 * so the sign-in screen's first load carries none of it. Production builds only: `vite` serves
 * no service worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
