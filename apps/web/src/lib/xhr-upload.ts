import { IDEMPOTENCY_HEADER } from '@portal/domain/api/idempotency';
import { actionKeyFor, type ActionKey } from './action-keys';
import { ApiError, NETWORK_ERROR_KEY, NETWORK_ERROR_STATUS, refreshLogin, toApiError } from './api-client';
import { reportAnswer, reportNoAnswer } from './network-status';
import { readStoredLogin, type StoredLogin } from './session';
import { convertFilesInForm } from './convert-upload';
import { shrinkPhotosInForm } from './shrink-photo';

/**
 * A multipart POST that reports upload progress. `fetch` cannot report the bytes sent, so this
 * uses XMLHttpRequest and otherwise behaves like lib/api-client: the bearer token, the
 * cross-site request token, one refresh on a 401 that says the session is over, and the error
 * envelope turned into an ApiError, an upload with no answer at all reported to the network status
 * (lib/network-status). Photos in the form are shrunk first (lib/shrink-photo: a JPEG
 * or PNG over about 1 MB is drawn smaller on the phone), then a JPEG or TIFF is turned into a PDF
 * by the conversion route (lib/convert-upload); other files go as they are.
 *
 * Shared by every feature that uploads (servicing, applications, recruitment).
 */
export interface UploadProgress {
  /** Bytes sent so far. */
  loaded: number;
  /** Bytes to send (0 when the browser cannot tell). */
  total: number;
}

export interface XhrUploadOptions {
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The server sets the XSRF cookie on any answer; ask once when it is not there yet. */
async function xsrfToken(): Promise<string | null> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  await fetch('/api/health', { credentials: 'same-origin' }).catch(() => undefined);
  return readCookie(XSRF_COOKIE);
}

interface RawAnswer {
  status: number;
  body: string;
  contentType: string | null;
  retryAfter: string | null;
}

function sendOnce(
  path: string,
  form: FormData,
  accessToken: string | null,
  xsrf: string | null,
  options: XhrUploadOptions,
  actionKey: ActionKey | undefined,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    if (actionKey) xhr.setRequestHeader(IDEMPOTENCY_HEADER, actionKey.key);
    xhr.upload.onprogress = (event) => {
      options.onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : 0 });
    };
    xhr.onload = () => {
      actionKey?.settle(xhr.status);
      reportAnswer();
      resolve({
        status: xhr.status,
        body: xhr.responseText,
        contentType: xhr.getResponseHeader('Content-Type'),
        retryAfter: xhr.getResponseHeader('Retry-After'),
      });
    };
    xhr.onerror = () => {
      actionKey?.settle(NETWORK_ERROR_STATUS);
      reportNoAnswer();
      reject(new ApiError({ status: NETWORK_ERROR_STATUS, code: 'network', messageKey: NETWORK_ERROR_KEY }));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (options.signal) {
      if (options.signal.aborted) {
        reject(new DOMException('The upload was cancelled.', 'AbortError'));
        return;
      }
      options.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

function isExpiredSession(answer: RawAnswer): boolean {
  try {
    return (JSON.parse(answer.body) as { messageKey?: unknown }).messageKey === 'unauthenticated';
  } catch {
    return true;
  }
}

function toResponse(answer: RawAnswer): Response {
  const headers = new Headers();
  if (answer.contentType) headers.set('Content-Type', answer.contentType);
  if (answer.retryAfter) headers.set('Retry-After', answer.retryAfter);
  return new Response(answer.body || null, { status: answer.status, headers });
}

export async function xhrUpload<T>(path: string, original: FormData, options: XhrUploadOptions = {}): Promise<T> {
  const form = await convertFilesInForm(await shrinkPhotosInForm(original));
  const stored: StoredLogin | null = readStoredLogin();
  const xsrf = await xsrfToken();
  // The key describes what the user chose (the original files), not the shrunk copies.
  const actionKey = actionKeyFor('POST', path, original);
  let answer = await sendOnce(path, form, stored?.accessToken ?? null, xsrf, options, actionKey);
  if (answer.status === 401 && stored && isExpiredSession(answer)) {
    const renewed = await refreshLogin(stored);
    if (renewed) answer = await sendOnce(path, form, renewed.accessToken, await xsrfToken(), options, actionKey);
  }
  if (answer.status < 200 || answer.status >= 300) throw await toApiError(toResponse(answer));
  return (answer.body ? JSON.parse(answer.body) : undefined) as T;
}
