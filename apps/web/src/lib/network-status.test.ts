// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api-client';
import { isOffline, PROBE_GAPS_MS, PROBE_PATH, REACHABLE_EVENT, resetNetworkStatus } from './network-status';

/** Stands in for a network that carries nothing until `portal.answers` is set. */
function network() {
  const portal = { answers: false, calls: [] as string[] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      portal.calls.push(String(input));
      if (!portal.answers) throw new TypeError('Failed to fetch');
      return new Response('{"code":503,"messageKey":"unavailable"}', { status: 503, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return portal;
}

describe('network status (a browser that says online while nothing gets through)', () => {
  const reachable = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers();
    window.addEventListener(REACHABLE_EVENT, reachable);
  });
  afterEach(() => {
    window.removeEventListener(REACHABLE_EVENT, reachable);
    reachable.mockReset();
    resetNetworkStatus();
  });

  it('is offline after a call gets no answer, probes at growing gaps, and is online again at the first answer', async () => {
    const portal = network();
    expect(isOffline()).toBe(false);
    await expect(api.get('/api/contact/v2/find', { auth: false })).rejects.toMatchObject({ status: 0, messageKey: 'network_error' });
    expect(isOffline()).toBe(true);

    await vi.advanceTimersByTimeAsync(PROBE_GAPS_MS[0]);
    expect(portal.calls).toEqual(['/api/contact/v2/find', PROBE_PATH]);
    expect(isOffline()).toBe(true);
    await vi.advanceTimersByTimeAsync(PROBE_GAPS_MS[1] - 1);
    expect(portal.calls).toHaveLength(2);

    // Any answer counts, even an error status: the portal is reachable.
    portal.answers = true;
    await vi.advanceTimersByTimeAsync(1);
    expect(portal.calls).toEqual(['/api/contact/v2/find', PROBE_PATH, PROBE_PATH]);
    expect(isOffline()).toBe(false);
    expect(reachable).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PROBE_GAPS_MS.at(-1)! * 2);
    expect(portal.calls).toHaveLength(3);
  });

  it('is online again when a later call of the app gets an answer, before the probe', async () => {
    const portal = network();
    await expect(api.get('/api/x', { auth: false })).rejects.toMatchObject({ status: 0 });
    expect(isOffline()).toBe(true);
    portal.answers = true;
    await expect(api.get('/api/x', { auth: false })).rejects.toMatchObject({ status: 503 });
    expect(isOffline()).toBe(false);
    expect(reachable).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(PROBE_GAPS_MS[0] * 2);
    expect(portal.calls).toEqual(['/api/x', '/api/x']);
  });

  it('probes at once when the browser reports a network again', async () => {
    const portal = network();
    await expect(api.get('/api/x', { auth: false })).rejects.toMatchObject({ status: 0 });
    portal.answers = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(portal.calls).toEqual(['/api/x', PROBE_PATH]);
    expect(isOffline()).toBe(false);
  });

  it('does not count a call the app itself cancelled', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      }),
    );
    await expect(api.get('/api/x', { auth: false })).rejects.toMatchObject({ name: 'AbortError' });
    expect(isOffline()).toBe(false);
  });
});
