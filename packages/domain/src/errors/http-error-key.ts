/**
 * The message key (namespace `errors`) for an HTTP status, for a response that carries no
 * envelope of its own (a proxy's 502, a network failure mapped to 0, …).
 */
import { HTTP_ERROR_KEYS, SYSTEM_ERROR_KEY } from './error-catalogue';

export type HttpErrorKey = (typeof HTTP_ERROR_KEYS)[keyof typeof HTTP_ERROR_KEYS];

/**
 * A listed status gives its own key; any other 4xx is `bad_request`; everything else (5xx, 0,
 * nonsense) is the system error.
 */
export function httpErrorKey(status: number): HttpErrorKey {
  const key = (HTTP_ERROR_KEYS as Readonly<Record<number, HttpErrorKey>>)[status];
  if (key !== undefined) return key;
  if (Number.isInteger(status) && status >= 400 && status < 500) return HTTP_ERROR_KEYS[400];
  return SYSTEM_ERROR_KEY;
}
