/**
 * Set-up for the web project's tests. Component tests (`// @vitest-environment jsdom`) get what
 * jsdom lacks and Mantine reads (matchMedia, ResizeObserver, scrollIntoView, document.fonts), the XSRF cookie
 * the API client sends back, and a clean DOM and storage after each test; node tests get nothing.
 */
import { afterEach, vi } from 'vitest';
import { resetNetworkStatus } from '../lib/network-status';

if (typeof window !== 'undefined') {
  const { cleanup, configure } = await import('@testing-library/react');
  // findBy*/waitFor wait up to 5 s (1 s by default): on a loaded 2-core CI machine a render and
  // its queries can take longer than 1 s, which is not what these tests check.
  configure({ asyncUtilTimeout: 5_000 });

  window.matchMedia ??= (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });

  class NoResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  window.ResizeObserver ??= NoResizeObserver;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  // Mantine's autosizing Textarea listens for web fonts loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
  }
  // The cross-site request token the server sets on its first answer (sent back on every POST).
  document.cookie = 'XSRF-TOKEN=test-xsrf-token; path=/';

  afterEach(() => {
    cleanup();
    resetNetworkStatus();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    localStorage.clear();
    sessionStorage.clear();
  });
}
