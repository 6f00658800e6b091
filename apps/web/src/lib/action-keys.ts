import { isIdempotentRoute } from '@portal/domain/api/idempotency';

/**
 * One `Idempotency-Key` per user action, on every call that creates, submits, uploads or converts
 * (@portal/domain/api/idempotency). An action is what the call sends: the same path and the same
 * body (for a form with files: each file's name, size, type and date). While an action has no
 * answer the server keeps (no answer at all, a 5xx, a 409 or a 429), sending it again reuses its
 * key, so a double tap, a retry after a lost answer or Save pressed again gets the first answer
 * back instead of a second record. Once it has such an answer the next send is a new action.
 */

/** How long a key waits for its action to be sent again: well within the server's 24 hours. */
const KEY_LIFETIME_MS = 60 * 60 * 1000;

interface OpenAction {
  key: string;
  createdAt: number;
}

const open = new Map<string, OpenAction>();

function describeFormValue(value: FormDataEntryValue): unknown {
  if (typeof value === 'string') return value;
  return { name: value.name, size: value.size, type: value.type, lastModified: value.lastModified };
}

/** What makes a call this action: its path (query included) and what it sends. */
function fingerprintOf(path: string, body: unknown): string {
  const sent = body instanceof FormData ? [...body.entries()].map(([name, value]) => [name, describeFormValue(value)]) : (body ?? null);
  return JSON.stringify([path, sent]);
}

/** 128 random bits in hex (getRandomValues works on plain-HTTP pages too, randomUUID does not). */
function newKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface ActionKey {
  key: string;
  /** Tell the key what became of the call (the HTTP status, or 0 when no answer came). */
  settle(status: number): void;
}

/** The key for this call, or undefined when the call takes none. */
export function actionKeyFor(method: string, path: string, body: unknown): ActionKey | undefined {
  if (!isIdempotentRoute(method, path)) return undefined;
  const now = Date.now();
  for (const [fingerprint, action] of open) if (now - action.createdAt > KEY_LIFETIME_MS) open.delete(fingerprint);
  const fingerprint = fingerprintOf(path, body);
  let action = open.get(fingerprint);
  if (!action) {
    action = { key: newKey(), createdAt: now };
    open.set(fingerprint, action);
  }
  const mine = action;
  return {
    key: mine.key,
    settle(status) {
      // The server keeps (and would replay) 2xx and 4xx answers other than 409 and 429: the action
      // is over. A 401 is sent again after the session is renewed, with the same key.
      const kept = status >= 200 && status < 500 && status !== 401 && status !== 409 && status !== 429;
      if (kept && open.get(fingerprint) === mine) open.delete(fingerprint);
    },
  };
}
