/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header): which calls take one. The server
 * keeps the answer of a keyed call and gives it again to a retry with the same key; the web
 * client sends one key per user action on these calls and reuses it when the action is retried.
 *
 * Every POST under /api/ whose path has a segment `create`, `submit`, `init`, `upload` or
 * `convert`, or that sends a customer a message with a link (`send`, `remote-sign`, a path ending
 * in `link`: a double tap would send two SMS, the second voiding the first link), or ends in
 * `sign` (a signature, which submits what was signed): read from the path itself, so a route
 * added with such a segment is covered.
 */
export const IDEMPOTENT_SEGMENTS = ['create', 'submit', 'init', 'upload', 'convert', 'send', 'remote-sign'] as const;
export const IDEMPOTENT_LAST_SEGMENTS = ['sign', 'link'] as const;
const IDEMPOTENT_PATH = new RegExp(`/(${IDEMPOTENT_SEGMENTS.join('|')})(/|$|\\?)|/(${IDEMPOTENT_LAST_SEGMENTS.join('|')})($|\\?)`);

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Whether a call (method + route pattern or concrete path) takes an `Idempotency-Key`. */
export function isIdempotentRoute(method: string, path: string): boolean {
  return method.toUpperCase() === 'POST' && path.startsWith('/api/') && IDEMPOTENT_PATH.test(path);
}
