// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { connectionIsConstrained, prefetchArea, prefetchWhenIdle } from './feature-loaders';

const CHUNKS = {
  contacts: ['/assets/feature-contacts-a1.js', '/assets/shared-b2.js', '/assets/screens-c3.css'],
  proposals: ['/assets/feature-proposals-d4.js', '/assets/shared-b2.js'],
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

afterEach(() => vi.restoreAllMocks());

describe('prefetchArea', () => {
  it('adds one prefetch link per built file of the area, and none twice', () => {
    prefetchArea('contacts');
    prefetchArea('contacts');
    prefetchArea('proposals');
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
    expect(document.querySelectorAll('script').length).toBe(before);
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
  it('schedules nothing on a 3G connection', () => {
    Object.defineProperty(navigator, 'connection', { configurable: true, value: { effectiveType: '3g' } });
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    prefetchWhenIdle(['profile']);
    expect(idle).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'connection');
  });

  it('prefetches each area in turn when the browser is idle on a fast connection', () => {
    const callbacks: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (cb: () => void) => callbacks.push(cb));
    const stop = prefetchWhenIdle(['proposals', 'contacts']);
    expect(callbacks).toHaveLength(1);
    callbacks.shift()?.();
    callbacks.shift()?.();
    expect(prefetchLinks()).toContain('/assets/feature-proposals-d4.js');
    stop();
    vi.unstubAllGlobals();
  });
});
