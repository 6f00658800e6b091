import { vi } from 'vitest';

/**
 * Fake timers for a screen test that lets time pass: they also follow the wall clock, so
 * testing-library's waits and the screen's own timers go on; `passTime` jumps ahead at once.
 * Pair with `userEvent` options `USER_UNDER_FAKE_TIMERS` and `vi.useRealTimers()` after the test.
 */
export function useScreenTimers(): void {
  // setImmediate and the like stay real: React's scheduler runs on them.
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
}

/** userEvent's own pauses under the fake timers. */
export const USER_UNDER_FAKE_TIMERS = { advanceTimers: (ms: number) => vi.advanceTimersByTime(ms) };

/** Lets `ms` of fake time pass, with the promises it releases settled. */
export const passTime = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
};
