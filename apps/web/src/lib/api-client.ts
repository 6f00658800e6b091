import type { FieldError } from '@portal/domain/errors/error-envelope';
import { HTTP_ERROR_KEYS, SYSTEM_ERROR_KEY } from '@portal/domain/errors/error-catalogue';
import type { AuthSession } from '@portal/domain/contracts/auth/auth-session';
import { IDEMPOTENCY_HEADER } from '@portal/domain/api/idempotency';
import { actionKeyFor, type ActionKey } from './action-keys';
import { clearLogin, readStoredLogin, storeTokens, type StoredLogin } from './session';
import { reportAnswer, reportNoAnswer } from './network-status';

/**
 * The one way the web app talks to /api (DESIGN.md §3, §6): relative URLs, JSON, the bearer
 * token of the stored login, the cross-site request token on every non-GET call, the error
 * envelope turned into an ApiError, and one transparent refresh on 401.
 */

/** A failed call. `messageKey` is a key of the `errors` namespace (without the prefix). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number | string;
  readonly messageKey: string;
  readonly errors?: FieldError[];
  readonly retryAfter?: number;

  constructor(init: { status: number; code: number | string; messageKey: string; errors?: FieldError[]; retryAfter?: number }) {
    super(`API ${init.status} ${String(init.code)} ${init.messageKey}`);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.messageKey = init.messageKey;
    if (init.errors) this.errors = init.errors;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** No answer at all (offline, DNS, connection reset). */
export const NETWORK_ERROR_STATUS = 0;
export const NETWORK_ERROR_KEY = 'network_error';

export interface RequestOptions {
  method?: 'GET' | 'POST';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Send the bearer token and refresh on 401 (default true). Sign-in calls turn it off. */
  auth?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  /**
   * Let the request outlive the page (fetch `keepalive`): for a save sent while the page is
   * being hidden or closed. The body must stay under the browser's 64 KiB keepalive limit.
   */
  keepalive?: boolean;
  /** Extra request headers (e.g. the customer page's view token). */
  headers?: Record<string, string>;
  /**
   * The `Idempotency-Key` of an action made earlier (an item created offline keeps the key it
   * was given when it was made, so every resend is the same action). Default: action-keys.ts.
   */
  idempotencyKey?: string;
}

const REFRESH_PATH = '/api/auth/v1/refresh';
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

let onSignedOut: (() => void) | null = null;

/** The app decides where a user whose session ended goes (the sign-in page with `next`). */
export function setSignedOutHandler(handler: (() => void) | null): void {
  onSignedOut = handler;
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

let xsrfBootstrap: Promise<void> | null = null;

/** The server sets the XSRF cookie on any answer; a first non-GET call without it asks once. */
async function xsrfToken(): Promise<string | null> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  xsrfBootstrap ??= fetch('/api/health', { credentials: 'same-origin' })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      xsrfBootstrap = null;
    });
  await xsrfBootstrap;
  return readCookie(XSRF_COOKIE);
}

function withQuery(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

function retryAfterHeader(response: Response): number | undefined {
  const value = response.headers.get('Retry-After');
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return seconds;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldError).field === 'string' &&
    typeof (value as FieldError).key === 'string'
  );
}

/** Reads the error envelope; anything malformed becomes the HTTP status's own key. */
export async function toApiError(response: Response): Promise<ApiError> {
  const fallbackKey = (HTTP_ERROR_KEYS as Record<number, string>)[response.status] ?? SYSTEM_ERROR_KEY;
  const body: unknown = await response.json().catch(() => null);
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const code = typeof envelope.code === 'number' || typeof envelope.code === 'string' ? envelope.code : response.status;
  const messageKey = typeof envelope.messageKey === 'string' && envelope.messageKey ? envelope.messageKey : fallbackKey;
  const errors = Array.isArray(envelope.errors) ? envelope.errors.filter(isFieldError) : undefined;
  const retryAfter = typeof envelope.retryAfter === 'number' ? envelope.retryAfter : retryAfterHeader(response);
  return new ApiError({
    status: response.status,
    code,
    messageKey,
    ...(errors ? { errors } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
  });
}

async function send(path: string, options: RequestOptions, accessToken: string | null, actionKey?: ActionKey): Promise<Response> {
  const method = options.method ?? 'GET';
  const headers = new Headers({ ...options.headers, Accept: 'application/json' });
  if (actionKey) headers.set(IDEMPOTENCY_HEADER, actionKey.key);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  if (method !== 'GET') {
    const token = await xsrfToken();
    if (token) headers.set(XSRF_HEADER, token);
  }
  try {
    const response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body: body ?? null,
      credentials: 'same-origin',
      signal: options.signal ?? null,
      keepalive: options.keepalive === true,
    });
    actionKey?.settle(response.status);
    reportAnswer();
    return response;
  } catch (error) {
    actionKey?.settle(NETWORK_ERROR_STATUS);
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    reportNoAnswer();
    throw new ApiError({ status: NETWORK_ERROR_STATUS, code: 'network', messageKey: NETWORK_ERROR_KEY });
  }
}

let refreshing: Promise<StoredLogin | null> | null = null;

async function refreshOnce(spent: StoredLogin): Promise<StoredLogin | null> {
  // Another tab (or an earlier call) may already have swapped the pair: use it, do not spend twice.
  const current = readStoredLogin();
  if (!current) return null;
  if (current.refreshToken !== spent.refreshToken) return current;
  const response = await send(REFRESH_PATH, { method: 'POST', body: { refreshToken: current.refreshToken } }, null);
  if (!response.ok) {
    if (response.status === 401 || response.status === 403) return null;
    throw await toApiError(response);
  }
  const session = (await response.json()) as AuthSession;
  const next = { accessToken: session.accessToken, refreshToken: session.refreshToken };
  storeTokens(next);
  return next;
}

/**
 * Single-flight refresh: every 401 in this tab waits for the same call, and tabs take turns
 * through a Web Lock where the browser has one (a spent refresh token revokes the family).
 */
export function refreshLogin(spent: StoredLogin): Promise<StoredLogin | null> {
  refreshing ??= (async () => {
    try {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      return locks ? await locks.request('portal-token-refresh', () => refreshOnce(spent)) : await refreshOnce(spent);
    } finally {
      refreshing = null;
    }
  })();
  return refreshing;
}

function endSession(): void {
  clearLogin();
  onSignedOut?.();
}

/**
 * A 401 means "your session is over" only when the envelope says `unauthenticated`; a 401 with
 * a catalogue code (1024 wrong credentials, 1031 wrong code) is an answer to show, and retrying
 * it would spend another attempt.
 */
async function isExpiredSession(response: Response): Promise<boolean> {
  try {
    const body = (await response.clone().json()) as { messageKey?: unknown };
    return body.messageKey === 'unauthenticated';
  } catch {
    return true;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const useAuth = options.auth ?? true;
  const stored = useAuth ? readStoredLogin() : null;
  const method = options.method ?? 'GET';
  const target = withQuery(path, options.query);
  const given = options.idempotencyKey;
  // Calls without the stored login take keys too: a customer page's signature is keyed by its own session.
  const actionKey = given ? { key: given, settle: () => undefined } : actionKeyFor(method, target, options.body);
  let response = await send(path, options, stored?.accessToken ?? null, actionKey);

  if (response.status === 401 && useAuth && stored && (await isExpiredSession(response))) {
    const renewed = await refreshLogin(stored);
    if (!renewed) {
      endSession();
      throw await toApiError(response);
    }
    response = await send(path, options, renewed.accessToken, actionKey);
    if (response.status === 401) {
      endSession();
      throw await toApiError(response);
    }
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  switch (options.responseType ?? 'json') {
    case 'blob':
      return (await response.blob()) as T;
    case 'text':
      return (await response.text()) as T;
    default: {
      const text = await response.text();
      return (text ? JSON.parse(text) : undefined) as T;
    }
  }
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
};

/** Makes sure the stored login is usable before a protected screen opens: refresh once if needed. */
export async function ensureFreshLogin(isValid: () => boolean): Promise<boolean> {
  if (isValid()) return true;
  const stored = readStoredLogin();
  if (!stored) return false;
  try {
    const renewed = await refreshLogin(stored);
    if (!renewed) {
      clearLogin();
      return false;
    }
    return isValid();
  } catch {
    // Offline or server trouble: keep the login; the screen's own calls will report the problem.
    return true;
  }
}
