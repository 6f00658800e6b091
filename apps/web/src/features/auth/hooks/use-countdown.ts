import { useEffect, useState } from 'react';

function secondsUntil(until: number): number {
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/** Whole seconds left until `until` (epoch ms), ticking once a second, never below 0. */
export function useCountdown(until: number): number {
  const [seconds, setSeconds] = useState(() => secondsUntil(until));

  useEffect(() => {
    setSeconds(secondsUntil(until));
    if (until <= Date.now()) return undefined;
    const timer = window.setInterval(() => {
      const value = secondsUntil(until);
      setSeconds(value);
      if (value === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  return seconds;
}

/** 125 -> "2:05". */
export function formatCountdown(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return `${minutes}:${String(seconds % 60).padStart(2, '0')}`;
}
