import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  IDLE_SETTING_KEYS,
  KEEP_ALIVE_PATH,
  LAST_ACTIVITY_KEY,
  keepSessionAlive,
  readIdleSettings,
  startIdleMonitor,
  type IdleMonitor,
} from '../src/lib/idle-timer';
import { MemoryStorage, fakeJwt, jsonResponse, stubBrowser } from './browser-stubs';

describe('idle settings', () => {
  it('uses the spec durations by default', () => {
    expect(readIdleSettings(new MemoryStorage())).toEqual({ timeoutMs: 900_000, warningMs: 10_000, keepAliveMs: 600_000 });
    expect(readIdleSettings(null)).toEqual({ timeoutMs: 900_000, warningMs: 10_000, keepAliveMs: 600_000 });
  });

  it('takes overrides from storage only when they are positive numbers', () => {
    const storage = new MemoryStorage();
    storage.setItem(IDLE_SETTING_KEYS.timeoutSeconds, '6');
    storage.setItem(IDLE_SETTING_KEYS.warningSeconds, '2.5');
    storage.setItem(IDLE_SETTING_KEYS.keepAliveSeconds, '1');
    expect(readIdleSettings(storage)).toEqual({ timeoutMs: 6000, warningMs: 2500, keepAliveMs: 1000 });
    for (const bad of ['0', '-5', 'abc', '', ' ', 'Infinity']) {
      storage.setItem(IDLE_SETTING_KEYS.timeoutSeconds, bad);
      expect(readIdleSettings(storage).timeoutMs, bad).toBe(900_000);
    }
  });

  it('never warns earlier than the session starts', () => {
    const storage = new MemoryStorage();
    storage.setItem(IDLE_SETTING_KEYS.timeoutSeconds, '5');
    storage.setItem(IDLE_SETTING_KEYS.warningSeconds, '60');
    expect(readIdleSettings(storage)).toMatchObject({ timeoutMs: 5000, warningMs: 5000 });
  });
});

class FakeDocument extends EventTarget {
  visibilityState: DocumentVisibilityState = 'visible';
}

describe('idle monitor', () => {
  let target: EventTarget;
  let doc: FakeDocument;
  let storage: MemoryStorage;
  let monitor: IdleMonitor | undefined;
  const calls = { warning: [] as number[], active: 0, timeout: 0, keepAlive: 0 };

  const start = (settings = { timeoutMs: 10_000, warningMs: 3_000, keepAliveMs: 4_000 }) => {
    monitor = startIdleMonitor({
      ...settings,
      target,
      visibility: doc,
      storage,
      onWarning: (deadline) => calls.warning.push(deadline),
      onActive: () => {
        calls.active += 1;
      },
      onTimeout: () => {
        calls.timeout += 1;
      },
      onKeepAlive: () => {
        calls.keepAlive += 1;
      },
    });
    return monitor;
  };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-01T08:00:00Z'));
    target = new EventTarget();
    doc = new FakeDocument();
    storage = new MemoryStorage();
    calls.warning = [];
    calls.active = 0;
    calls.timeout = 0;
    calls.keepAlive = 0;
  });

  afterEach(() => {
    monitor?.stop();
    vi.useRealTimers();
  });

  it('warns before the limit and signs out at it', () => {
    const startedAt = Date.now();
    start();
    vi.advanceTimersByTime(6_999);
    expect(calls.warning).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls.warning).toEqual([startedAt + 10_000]);
    vi.advanceTimersByTime(2_999);
    expect(calls.timeout).toBe(0);
    vi.advanceTimersByTime(1);
    expect(calls.timeout).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(calls.timeout).toBe(1);
  });

  it('counts pointer, key and scroll events as activity before the warning', () => {
    start();
    vi.advanceTimersByTime(5_000);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(5_000);
    expect(calls.warning).toEqual([]);
    target.dispatchEvent(new Event('scroll'));
    vi.advanceTimersByTime(6_000);
    target.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(6_999);
    expect(calls.warning).toEqual([]);
    expect(calls.timeout).toBe(0);
    vi.advanceTimersByTime(1);
    expect(calls.warning).toHaveLength(1);
  });

  it('ignores passive activity during the warning; "stay signed in" keeps the session', () => {
    const m = start();
    vi.advanceTimersByTime(8_000);
    expect(calls.warning).toHaveLength(1);
    target.dispatchEvent(new Event('pointermove'));
    m.stayActive();
    expect(calls.active).toBe(1);
    vi.advanceTimersByTime(6_999);
    expect(calls.timeout).toBe(0);
    expect(calls.warning).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(calls.warning).toHaveLength(2);
    vi.advanceTimersByTime(3_000);
    expect(calls.timeout).toBe(1);
  });

  it('shares activity between tabs through storage', () => {
    start();
    vi.advanceTimersByTime(8_000);
    expect(calls.warning).toHaveLength(1);
    const otherTab = Date.now();
    storage.setItem(LAST_ACTIVITY_KEY, String(otherTab));
    target.dispatchEvent(Object.assign(new Event('storage'), { key: LAST_ACTIVITY_KEY, newValue: String(otherTab) }));
    expect(calls.active).toBe(1);
    vi.advanceTimersByTime(9_000);
    expect(calls.timeout).toBe(0);
  });

  it('writes its own activity for the other tabs, at most once a second', () => {
    start();
    vi.advanceTimersByTime(2_000);
    target.dispatchEvent(new Event('keydown'));
    expect(storage.getItem(LAST_ACTIVITY_KEY)).toBe(String(Date.now()));
    const written = storage.getItem(LAST_ACTIVITY_KEY);
    vi.advanceTimersByTime(500);
    target.dispatchEvent(new Event('keydown'));
    expect(storage.getItem(LAST_ACTIVITY_KEY)).toBe(written);
  });

  it('signs out at once when a page comes back after the limit, else counts it as activity', () => {
    start();
    doc.visibilityState = 'hidden';
    // The phone sleeps: timers stop, the clock does not.
    vi.setSystemTime(Date.now() + 5_000);
    doc.visibilityState = 'visible';
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(calls.timeout).toBe(0);
    vi.setSystemTime(Date.now() + 60_000);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(calls.timeout).toBe(1);
  });

  it('pings to keep the session alive only while the user is active', () => {
    start({ timeoutMs: 100_000, warningMs: 3_000, keepAliveMs: 4_000 });
    vi.advanceTimersByTime(4_000);
    expect(calls.keepAlive).toBe(0);
    target.dispatchEvent(new Event('keydown'));
    vi.advanceTimersByTime(4_000);
    expect(calls.keepAlive).toBe(1);
    vi.advanceTimersByTime(8_000);
    expect(calls.keepAlive).toBe(1);
  });

  it('stops listening when stopped', () => {
    start().stop();
    vi.advanceTimersByTime(60_000);
    expect(calls.warning).toEqual([]);
    expect(calls.timeout).toBe(0);
  });
});

describe('keep-alive ping', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  let storage: Storage;
  const nowSeconds = () => Math.floor(Date.now() / 1000);

  beforeEach(() => {
    ({ localStorage: storage } = stubBrowser({ cookie: 'XSRF-TOKEN=x1' }));
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => vi.unstubAllGlobals());

  it('does nothing without a stored login', async () => {
    expect(await keepSessionAlive(600_000)).toBe('none');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('pings the health check while the access token outlives the next ping', async () => {
    storage.setItem('token', JSON.stringify({ accessToken: fakeJwt(nowSeconds() + 900), refreshToken: 'r1' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { status: 'ok' }));
    expect(await keepSessionAlive(600_000)).toBe('pinged');
    expect(fetchMock.mock.calls[0]?.[0]).toBe(KEEP_ALIVE_PATH);
  });

  it('refreshes the login when the access token would expire before the next ping', async () => {
    storage.setItem('token', JSON.stringify({ accessToken: fakeJwt(nowSeconds() + 300), refreshToken: 'r1' }));
    const renewed = fakeJwt(nowSeconds() + 900);
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { accessToken: renewed, refreshToken: 'r2', expiresIn: 900, scopes: [], user: {} }));
    expect(await keepSessionAlive(600_000)).toBe('refreshed');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/v1/refresh');
    expect(JSON.parse(storage.getItem('token') ?? '{}')).toEqual({ accessToken: renewed, refreshToken: 'r2' });
  });

  it('clears the login when the refresh is refused (the session ended elsewhere)', async () => {
    storage.setItem('token', JSON.stringify({ accessToken: fakeJwt(nowSeconds() + 30), refreshToken: 'r1' }));
    fetchMock.mockResolvedValueOnce(jsonResponse(401, { code: 401, messageKey: 'unauthenticated' }));
    expect(await keepSessionAlive(600_000)).toBe('ended');
    expect(storage.getItem('token')).toBeNull();
  });
});
