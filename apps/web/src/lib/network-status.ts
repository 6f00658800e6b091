import { useSyncExternalStore } from 'react';

/**
 * Whether the phone can reach the portal. The browser's `navigator.onLine` is false only without
 * any network; on Wi-Fi without internet (a hotel or shop sign-in page) or on a mobile link that
 * carries nothing it stays true, and every call just fails. So a call that gets no answer at all
 * also marks the portal unreachable, until any answer arrives: a later call's, or the probe's
 * (`GET /api/health/live`, 2 s after the failure, then at growing gaps up to a minute, and at once
 * when the browser reports a network again). The offline notice, the outbox (kept actions) and
 * the offline screens all read `isOffline()`.
 */

/** The probe: answers without the database or a session. */
export const PROBE_PATH = '/api/health/live';
/** Gaps between probes while the portal is unreachable; the last one repeats. */
export const PROBE_GAPS_MS = [2_000, 5_000, 10_000, 20_000, 30_000, 60_000] as const;
/** Dispatched on window when the portal answers again after being unreachable (the outbox sends then). */
export const REACHABLE_EVENT = 'portal-reachable';

let unreachable = false;
let probes = 0;
let probeTimer: ReturnType<typeof setTimeout> | undefined;
let listeningForOnline = false;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

/** No network, or the portal did not answer the last call (and nothing has answered since). */
export function isOffline(): boolean {
  return (typeof navigator !== 'undefined' && navigator.onLine === false) || unreachable;
}

/** A call got no answer (no HTTP status at all; an abort by the app itself does not count). */
export function reportNoAnswer(): void {
  if (unreachable) return;
  unreachable = true;
  probes = 0;
  if (!listeningForOnline && typeof window !== 'undefined') {
    listeningForOnline = true;
    window.addEventListener('online', probeNow);
  }
  scheduleProbe();
  notify();
}

/** A call got an answer (any status): the portal is reachable. */
export function reportAnswer(): void {
  if (!unreachable) return;
  unreachable = false;
  clearTimeout(probeTimer);
  probeTimer = undefined;
  notify();
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(REACHABLE_EVENT));
}

function scheduleProbe(): void {
  clearTimeout(probeTimer);
  const gap = PROBE_GAPS_MS[Math.min(probes, PROBE_GAPS_MS.length - 1)];
  probes += 1;
  probeTimer = setTimeout(() => void probe(), gap);
}

function probeNow(): void {
  if (!unreachable) return;
  clearTimeout(probeTimer);
  void probe();
}

async function probe(): Promise<void> {
  probeTimer = undefined;
  if (!unreachable) return;
  try {
    await fetch(PROBE_PATH, { cache: 'no-store', credentials: 'omit' });
    reportAnswer();
  } catch {
    if (unreachable && probeTimer === undefined) scheduleProbe();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** `isOffline()` for a component: renders again when it changes. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

/** Tests: forget what earlier calls found. */
export function resetNetworkStatus(): void {
  unreachable = false;
  probes = 0;
  clearTimeout(probeTimer);
  probeTimer = undefined;
}
