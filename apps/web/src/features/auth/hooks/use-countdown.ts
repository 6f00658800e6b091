import { useCallback, useSyncExternalStore } from 'react';

function secondsUntil(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/**
 * Whole seconds left until `until` (epoch ms), ticking once a second, never below 0. The clock
 * is read as an outside store: a new `until` shows its own count in the same render.
 */
export function useCountdown(until: number): number {
  const subscribe = useCallback(
    (tick: () => void) => {
      if (until <= Date.now()) return () => undefined;
      const timer = window.setInterval(() => {
        tick();
        if (until <= Date.now()) window.clearInterval(timer);
      }, 1000);
      return () => window.clearInterval(timer);
    },
    [until],
  );
  return useSyncExternalStore(subscribe, () => secondsUntil(until));
}

/** 125 -> "2:05". */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
