import { IDLE_TIMEOUT_SECONDS, IDLE_WARNING_SECONDS, KEEP_ALIVE_INTERVAL_SECONDS } from '@portal/domain/constants/session';
import { accessTokenExpiry, epochSeconds } from '@portal/domain/session/stored-login';
import { api, refreshLogin } from './api-client';
import { clearLogin, readStoredLogin } from './session';

/**
 * Idle handling of spec §4/§9 (DESIGN.md §6): signed out after 900 s without activity, with a
 * warning 10 s before, and a keep-alive ping every 600 s while the user is active.
 *
 * Activity is a pointer, key, touch, wheel or scroll event, or the page becoming visible again.
 * It is shared between the tabs of the app through localStorage (`portal.lastActivity` and the
 * `storage` event): working in one tab keeps the others signed in, and all of them time out
 * together. Time is measured from the wall clock, so a phone that slept past the limit signs
 * out as soon as it wakes.
 *
 * The three durations can be shortened (or lengthened) per browser through localStorage, which
 * is how the browser tests run the warning and sign-out in seconds; the same code runs either
 * way. A value is used only when it parses as a positive number of seconds:
 *   portal.idleTimeoutSeconds   (default IDLE_TIMEOUT_SECONDS, 900)
 *   portal.idleWarningSeconds   (default IDLE_WARNING_SECONDS, 10; capped at the time-out)
 *   portal.keepAliveSeconds     (default KEEP_ALIVE_INTERVAL_SECONDS, 600)
 */
export const IDLE_SETTING_KEYS = {
  timeoutSeconds: 'portal.idleTimeoutSeconds',
  warningSeconds: 'portal.idleWarningSeconds',
  keepAliveSeconds: 'portal.keepAliveSeconds',
} as const;

/** Epoch ms of the latest activity in any tab. */
export const LAST_ACTIVITY_KEY = 'portal.lastActivity';
/** Epoch ms of the latest keep-alive ping from any tab (so that tabs do not all ping). */
export const LAST_KEEP_ALIVE_KEY = 'portal.lastKeepAlive';

export interface IdleSettings {
  timeoutMs: number;
  warningMs: number;
  keepAliveMs: number;
}

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'getItem' | 'setItem'>;

function browserStorage(): WritableStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** A positive, finite number of seconds from storage, else null. */
function positiveSeconds(storage: ReadableStorage | null, key: string): number | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The spec's durations, or the overrides kept in storage (see the module comment). */
export function readIdleSettings(storage: ReadableStorage | null = browserStorage()): IdleSettings {
  const timeout = positiveSeconds(storage, IDLE_SETTING_KEYS.timeoutSeconds) ?? IDLE_TIMEOUT_SECONDS;
  const warning = Math.min(positiveSeconds(storage, IDLE_SETTING_KEYS.warningSeconds) ?? IDLE_WARNING_SECONDS, timeout);
  const keepAlive = positiveSeconds(storage, IDLE_SETTING_KEYS.keepAliveSeconds) ?? KEEP_ALIVE_INTERVAL_SECONDS;
  return { timeoutMs: timeout * 1000, warningMs: warning * 1000, keepAliveMs: keepAlive * 1000 };
}

export interface IdleMonitorOptions extends IdleSettings {
  /** The warning starts; `deadline` is the epoch ms of the sign-out. */
  onWarning: (deadline: number) => void;
  /** Activity (here after "stay", or in another tab) ended the warning. */
  onActive: () => void;
  /** The idle limit passed: sign out. Called once. */
  onTimeout: () => void;
  /** Time for a keep-alive ping (the user was active since the last one). */
  onKeepAlive: () => void;
  now?: () => number;
  /** Where activity events are heard (window). */
  target?: EventTarget;
  /** Whose visibility counts (document). */
  visibility?: (EventTarget & { visibilityState: DocumentVisibilityState }) | null;
  storage?: WritableStorage | null;
}

export interface IdleMonitor {
  /** "Stay signed in": counts as activity even while the warning shows. */
  stayActive(): void;
  stop(): void;
}

/** Activity events. Passive listeners, captured so that scrolling inside any element counts. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'] as const;
/** Other tabs learn of activity at most this often (a write per pointer move would be wasteful). */
const SHARE_EVERY_MS = 1000;

function readTime(storage: ReadableStorage | null, key: string): number | null {
  try {
    const value = Number(storage?.getItem(key) ?? '');
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeTime(storage: WritableStorage | null, key: string, value: number): void {
  try {
    storage?.setItem(key, String(value));
  } catch {
    // Storage full or disabled: this tab still times out on its own.
  }
}

/**
 * Watches for activity and calls back at the warning, at the time-out and for keep-alive pings.
 * While the warning shows, only `stayActive()` or activity in another tab keeps the session:
 * moving the pointer over the warning is not an answer to it.
 */
export function startIdleMonitor(options: IdleMonitorOptions): IdleMonitor {
  const now = options.now ?? Date.now;
  const target = options.target ?? (typeof window === 'undefined' ? null : window);
  const visibility = options.visibility === undefined ? (typeof document === 'undefined' ? null : document) : options.visibility;
  const storage = options.storage === undefined ? browserStorage() : options.storage;
  const { timeoutMs, warningMs, keepAliveMs } = options;

  let lastActivity = Math.max(now(), readTime(storage, LAST_ACTIVITY_KEY) ?? 0);
  let lastShared = 0;
  let lastPing = now();
  let warned = false;
  let finished = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const share = (at: number) => {
    if (at - lastShared < SHARE_EVERY_MS) return;
    lastShared = at;
    writeTime(storage, LAST_ACTIVITY_KEY, at);
  };

  const schedule = (delay: number) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(check, Math.max(0, delay));
  };

  function check(): void {
    if (finished) return;
    // Another tab may have been active without this one hearing of it (a throttled write).
    lastActivity = Math.max(lastActivity, readTime(storage, LAST_ACTIVITY_KEY) ?? 0);
    const at = now();
    const deadline = lastActivity + timeoutMs;
    const warnAt = deadline - warningMs;
    if (at >= deadline) {
      finished = true;
      stop();
      options.onTimeout();
      return;
    }
    if (at >= warnAt) {
      if (!warned) {
        warned = true;
        options.onWarning(deadline);
      }
      schedule(deadline - at);
      return;
    }
    if (warned) {
      warned = false;
      options.onActive();
    }
    schedule(warnAt - at);
  }

  const markActive = (at: number) => {
    lastActivity = Math.max(lastActivity, at);
    share(at);
  };

  const onActivity = () => {
    if (finished || warned) return;
    markActive(now());
  };

  const onVisibility = () => {
    if (finished || !visibility || visibility.visibilityState !== 'visible') return;
    // A page coming back after the limit signs out first; otherwise coming back is activity.
    check();
    if (!finished && !warned) {
      markActive(now());
      check();
    }
  };

  const onStorage = (event: Event) => {
    const { key, newValue } = event as StorageEvent;
    if (finished || key !== LAST_ACTIVITY_KEY || !newValue) return;
    const at = Number(newValue);
    if (!Number.isFinite(at) || at <= lastActivity) return;
    lastActivity = at;
    if (warned) check();
  };

  const keepAlive = setInterval(() => {
    if (finished) return;
    const at = now();
    // Only for a user who was active since the last ping, and not when another tab just pinged.
    if (lastActivity <= lastPing) return;
    const otherTab = readTime(storage, LAST_KEEP_ALIVE_KEY);
    lastPing = at;
    if (otherTab !== null && at - otherTab < keepAliveMs / 2) return;
    writeTime(storage, LAST_KEEP_ALIVE_KEY, at);
    options.onKeepAlive();
  }, keepAliveMs);

  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };
  for (const type of ACTIVITY_EVENTS) target?.addEventListener(type, onActivity, listenerOptions);
  target?.addEventListener('storage', onStorage);
  visibility?.addEventListener('visibilitychange', onVisibility);
  share(lastActivity);
  check();

  function stop(): void {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    clearInterval(keepAlive);
    for (const type of ACTIVITY_EVENTS) target?.removeEventListener(type, onActivity, listenerOptions);
    target?.removeEventListener('storage', onStorage);
    visibility?.removeEventListener('visibilitychange', onVisibility);
  }

  return {
    stayActive() {
      if (finished) return;
      warned = false;
      lastShared = 0;
      markActive(now());
      options.onActive();
      check();
    },
    stop() {
      finished = true;
      stop();
    },
  };
}

/** The health check: cheap, and it tells the server (and any proxy) the client is still there. */
export const KEEP_ALIVE_PATH = '/api/health';

/**
 * The keep-alive ping. When the access token would expire before the next ping, the stored
 * login is refreshed (a new pair; the refresh family stays alive while the user works without
 * calling the API); otherwise a GET of KEEP_ALIVE_PATH. A refused refresh means the session has
 * ended elsewhere: the stored login is cleared and the route guard sends the user to sign-in.
 */
export async function keepSessionAlive(
  intervalMs: number,
  nowSeconds: number = epochSeconds(),
): Promise<'refreshed' | 'pinged' | 'ended' | 'none'> {
  const stored = readStoredLogin();
  if (!stored) return 'none';
  const expiry = accessTokenExpiry(stored);
  // The next ping comes in intervalMs; refresh if the token would not see it (with a minute to spare).
  if (expiry === null || expiry - nowSeconds <= intervalMs / 1000 + 60) {
    try {
      const renewed = await refreshLogin(stored);
      if (renewed) return 'refreshed';
      clearLogin();
      return 'ended';
    } catch {
      return 'none';
    }
  }
  try {
    await api.get(KEEP_ALIVE_PATH, { auth: false });
    return 'pinged';
  } catch {
    return 'none';
  }
}
