import type { FastifyHelmetOptions } from '@fastify/helmet';
import { definePlugin } from './define-plugin';
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

/** Helmet's configuration for this app; security/headers.test.ts checks SECURITY_HEADERS against what helmet makes of it. */
export const HELMET_OPTIONS = {
  global: true,
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  strictTransportSecurity: { maxAge: HSTS_MAX_AGE, includeSubDomains: true },
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
  crossOriginEmbedderPolicy: false,
} satisfies FastifyHelmetOptions;

/**
 * The headers helmet would set with HELMET_OPTIONS, as a fixed list: set on every answer by the
 * hook below and by the error handler for the answers that never reach a hook (Fastify's
 * `frameworkErrors`: a malformed URL, a path parameter over the length limit). A fixed list
 * because @fastify/helmet rebuilds its middleware (and re-parses the CSP) on every request, a
 * twentieth of a trivial request's cost (issue 11). The headers test compares it with helmet.
 */
export const FALLBACK_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => `${name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)} ${sources.join(' ')}`)
    .join(';'),
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': `max-age=${HSTS_MAX_AGE}; includeSubDomains`,
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
 * x-permitted-cross-domain-policies, x-xss-protection) are left out: each header is work on
 * every request (issue 5). `Cache-Control: no-store` is set by the hook.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';base-uri 'none';form-action 'none';frame-ancestors 'none';object-src 'none';script-src-attr 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': FALLBACK_SECURITY_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Whether an answer to `url` is never a document: /api, except the documentation UI (Swagger UI, a page). */
function answersData(url: string): boolean {
  return isApiPath(url) && !url.startsWith(DOCS_PREFIX);
}

/** The security headers an answer to `url` carries: the API set for data, helmet's set for documents. */
export function securityHeadersFor(url: string): Readonly<Record<string, string>> {
  return answersData(url) ? API_SECURITY_HEADERS : FALLBACK_SECURITY_HEADERS;
}

/**
 * The security headers on every response (the onRequest hook runs before routing, so 404, 413
 * and 500 answers carry them too) and `Cache-Control: no-store` on every /api response: answers
 * hold personal data and must not sit in a browser or proxy cache. Pages, scripts and language
 * files get helmet's set; /api answers the API set.
 */
export const securityHeadersPlugin = definePlugin('security-headers', async (app) => {
  const api = { ...API_SECURITY_HEADERS, 'cache-control': 'no-store' };
  const documentUnderApi = { ...FALLBACK_SECURITY_HEADERS, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(answersData(url) ? api : isApiPath(url) ? documentUnderApi : FALLBACK_SECURITY_HEADERS);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // Plugins serving files under /api (the docs UI) set their own caching; /api stays uncached.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
});
