// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectionIsConstrained, prefetchArea, prefetchWhenIdle } from './feature-loaders';

const CHUNKS = {
  contacts: ['/assets/feature-contacts-a1.js', '/assets/shared-b2.js', '/assets/screens-c3.css'],
  proposals: ['/assets/feature-proposals-d4.js', '/assets/shared-b2.js'],
  applications: ['/assets/feature-applications-g7.js', '/assets/shared-b2.js'],
  servicing: ['/assets/feature-servicing-h8.js', '/assets/servicing-i9.css'],
  dashboard: ['/assets/feature-dashboard-e5.js'],
  recruitment: ['/assets/feature-recruitment-f6.js'],
};

const prefetchLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=prefetch]')].map((l) => l.getAttribute('href'));

beforeAll(() => {
  // The data block the build writes into index.html (vite-plugins/feature-chunk-urls.ts).
  const data = document.createElement('script');
  data.type = 'application/json';
  data.id = 'feature-chunks';
  data.textContent = JSON.stringify(CHUNKS);
  document.body.appendChild(data);
});

/** Idle callbacks run by hand, each with plenty of idle time left. */
const idleCallbacks: ((deadline: IdleDeadline) => void)[] = [];
const runIdle = () => {
  while (idleCallbacks.length > 0) idleCallbacks.shift()?.({ didTimeout: false, timeRemaining: () => 50 });
};

beforeEach(() => {
  vi.stubGlobal('requestIdleCallback', (cb: (deadline: IdleDeadline) => void) => idleCallbacks.push(cb));
});

afterEach(() => {
  runIdle();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'connection');
});

describe('prefetchArea', () => {
  it('adds one prefetch link per built file of the area when the browser is idle, and none twice', () => {
    prefetchArea('contacts');
    expect(prefetchLinks()).toEqual([]);
    runIdle();
    prefetchArea('contacts');
    prefetchArea('proposals');
    runIdle();
    expect(prefetchLinks()).toEqual([
      '/assets/feature-contacts-a1.js',
      '/assets/shared-b2.js',
      '/assets/screens-c3.css',
      '/assets/feature-proposals-d4.js',
    ]);
    const link = document.head.querySelector<HTMLLinkElement>('link[href="/assets/feature-contacts-a1.js"]');
    expect(link?.getAttribute('crossorigin')).toBe('');
  });

  it('does not run the area code (no module script is added, only links)', () => {
    const before = document.querySelectorAll('script').length;
    prefetchArea('compliance');
    runIdle();
    expect(document.querySelectorAll('script').length).toBe(before);
  });

  it('adds only a slice of links per idle callback when idle time is short', () => {
    const count = prefetchLinks().length;
    prefetchArea('applications');
    prefetchArea('servicing');
    idleCallbacks.shift()?.({ didTimeout: true, timeRemaining: () => 0 });
    expect(prefetchLinks().length - count).toBe(1);
    expect(idleCallbacks).toHaveLength(1);
    runIdle();
    expect(prefetchLinks().length - count).toBe(3);
  });
});

describe('connectionIsConstrained', () => {
  it.each([
    [{ saveData: true, effectiveType: '4g' }, true],
    [{ effectiveType: 'slow-2g' }, true],
    [{ effectiveType: '2g' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '4g' }, false],
    [{}, false],
    [undefined, false],
  ])('%j -> %s', (connection, constrained) => {
    expect(connectionIsConstrained(connection)).toBe(constrained);
  });
});

describe('prefetchWhenIdle', () => {
  it('queues nothing on a 3G connection', () => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: '3g' } });
    prefetchWhenIdle(['profile']);
    expect(idleCallbacks).toHaveLength(0);
  });

  it('prefetches the areas while idle on a fast connection, and its stop drops what is still queued', () => {
    prefetchWhenIdle(['home']);
    runIdle();
    expect(prefetchLinks()).toContain('/assets/feature-dashboard-e5.js');
    const stop = prefetchWhenIdle(['recruitment']);
    stop();
    runIdle();
    expect(prefetchLinks()).not.toContain('/assets/feature-recruitment-f6.js');
  });
});
