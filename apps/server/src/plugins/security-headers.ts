import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import fp from 'fastify-plugin';
import { DOCS_PREFIX } from './openapi';

/** Strict CSP: everything from our own origin; Mantine needs inline style attributes/variables. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  // The proposal PDF is fetched with the bearer token and shown from a blob: URL in a frame.
  frameSrc: ["'self'", 'blob:'],
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  scriptSrcAttr: ["'none'"],
};

const HSTS_MAX_AGE = 31_536_000;
const HSTS = `max-age=${HSTS_MAX_AGE}; includeSubDomains`;

/** Helmet's configuration for this app (pages, scripts, language files, the API documentation UI). */
export const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  strictTransportSecurity: { maxAge: HSTS_MAX_AGE, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
} satisfies FastifyHelmetOptions;

/**
 * The headers helmet sets with HELMET_OPTIONS, as a fixed list, for the answers that never reach
 * a hook (Fastify's `frameworkErrors`: a malformed URL, a path parameter over the length limit;
 * the error handler sets them). The headers test checks that it is exactly what helmet makes of
 * HELMET_OPTIONS.
 */
export const FALLBACK_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * The headers of an /api answer (JSON, a PDF, a CSV): the OWASP REST Security set. An answer
 * that is never a document needs no policy for the scripts, styles and frames a page loads, so
 * its CSP forbids everything (`default-src 'none'`), and the document-only headers
 * (cross-origin-opener-policy, origin-agent-cluster, x-dns-prefetch-control, x-download-options,
 * x-permitted-cross-domain-policies, x-xss-protection) are left out.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy':
    "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none';object-src 'none';script-src-attr 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': HSTS,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** `Cache-Control: no-store` on every /api answer: answers hold personal data and must not sit in a browser or proxy cache. */
const API_ANSWER_HEADERS = { ...API_SECURITY_HEADERS, 'cache-control': 'no-store' };
/** The API documentation UI (Swagger UI) is a page under /api. */
const DOCS_PAGE_HEADERS = { ...FALLBACK_SECURITY_HEADERS, 'cache-control': 'no-store' };

/**
 * The headers an answer to `url` carries: helmet's set for pages, scripts and language files; the
 * API set for /api answers, which are never documents, except the documentation UI; and
 * `Cache-Control: no-store` under /api.
 */
export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  if (!isApiPath(url)) return FALLBACK_SECURITY_HEADERS;
  return url.startsWith(DOCS_PREFIX) ? DOCS_PAGE_HEADERS : API_ANSWER_HEADERS;
}

/** Helmet's document-only headers, which an /api answer (never a document) goes without. */
const DOCUMENT_ONLY_HEADERS = Object.keys(FALLBACK_SECURITY_HEADERS).filter((name) => !(name in API_SECURITY_HEADERS));

/**
 * @fastify/helmet with HELMET_OPTIONS on every response that may be a document: pages, scripts,
 * language files, the documentation UI, and answers no route matched (its onRequest hook runs
 * before routing, so 404, 413 and 500 answers carry the headers too). An /api route other than
 * the documentation UI answers JSON, a PDF or a CSV, never a document: helmet skips it (it
 * builds its middleware for every request it serves, about a tenth of a small answer's cost) and
 * it gets the API set alone. On every /api answer, the API set replaces helmet's (a CSP that
 * forbids everything, no document-only headers), with `Cache-Control: no-store`. (The
 * documentation UI's files keep `no-store` through openapi.ts: @fastify/static would otherwise
 * set its own caching.)
 */
export const securityHeadersPlugin = fp(
  async (app) => {
    // Before helmet's own onRoute hook, which reads a route's `helmet` option.
    app.addHook('onRoute', (route) => {
      if (isApiPath(route.url) && !route.url.startsWith(DOCS_PREFIX)) route.helmet = false;
    });
    await app.register(helmet, HELMET_OPTIONS);
    app.addHook('onRequest', (request, reply, done) => {
      if (isApiPath(request.url)) {
        if (!request.url.startsWith(DOCS_PREFIX)) {
          for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
          reply.headers(API_SECURITY_HEADERS);
        }
        reply.header('cache-control', 'no-store');
      }
      done();
    });
  },
  { name: 'security-headers' },
);
