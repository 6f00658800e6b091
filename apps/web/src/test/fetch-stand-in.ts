import { vi } from 'vitest';

/** One call the code under test made, as the server would have received it. */
export interface SentRequest {
  method: string;
  /** Path and query, e.g. `/api/contact/v2/find?q=dara&size=20`. */
  path: string;
  url: URL;
  headers: Headers;
  /** The JSON body, parsed; undefined without one. */
  body: unknown;
}

export type Answer = Response | Promise<Response>;
export type Route = (request: SentRequest) => Answer | undefined;

const localeFiles = import.meta.glob<Record<string, unknown>>('../../../../packages/i18n/locales/*.json', {
  eager: true,
  import: 'default',
});

/** The language files as the server sends them at /locales/<namespace>.json. */
function localeAnswer(path: string): Response | undefined {
  const namespace = /^\/locales\/([a-z]+)\.json$/.exec(path)?.[1];
  if (!namespace) return undefined;
  const file = Object.entries(localeFiles).find(([name]) => name.endsWith(`/${namespace}.json`))?.[1];
  return file ? json(200, file) : new Response('', { status: 404 });
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The server's error envelope. */
export function apiError(status: number, messageKey: string, extra: Record<string, unknown> = {}): Response {
  return json(status, { code: status, messageKey, ...extra });
}

/** An answer the test releases when it chooses (a slow network). */
export function deferred(): { answer: Promise<Response>; send: (response: Response) => void; fail: (error: Error) => void } {
  let send!: (response: Response) => void;
  let fail!: (error: Error) => void;
  const answer = new Promise<Response>((resolve, reject) => {
    send = resolve;
    fail = reject;
  });
  return { answer, send, fail };
}

/**
 * Stands in for the network: every fetch is recorded and answered by `route` (the language
 * files are served from packages/i18n). A call no route answers fails the test loudly with a
 * 599 whose path says which call was missed.
 */
export function standInFetch(route: Route): { requests: SentRequest[]; to: (prefix: string) => SentRequest[] } {
  const requests: SentRequest[] = [];
  const fetchStandIn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input instanceof Request ? input.url : String(input), window.location.origin);
    const path = `${url.pathname}${url.search}`;
    const locale = localeAnswer(url.pathname);
    if (locale) return locale;
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: SentRequest = {
      method: init.method ?? 'GET',
      path,
      url,
      headers: new Headers(init.headers),
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(request);
    const answer = route(request);
    return answer ?? apiError(599, `no_stand_in_for ${request.method} ${path}`);
  });
  vi.stubGlobal('fetch', fetchStandIn);
  return { requests, to: (prefix) => requests.filter((r) => r.url.pathname.startsWith(prefix)) };
}
