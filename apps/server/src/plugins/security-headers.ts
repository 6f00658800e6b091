import helmet from '@fastify/helmet';
import { definePlugin } from './define-plugin';

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

/**
 * The headers helmet sets below, as a fixed list, for the answers that never reach its hook:
 * Fastify's `frameworkErrors` (a malformed URL, a path parameter over the length limit) are
 * answered before routing and before any onRequest hook. The headers test compares the two.
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

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/**
 * Helmet's headers on every response (its onRequest hook runs before routing, so 404, 413 and
 * 500 answers carry them too) and `Cache-Control: no-store` on every /api response: answers
 * hold personal data and must not sit in a browser or proxy cache.
 */
export const securityHeadersPlugin = definePlugin('security-headers', async (app) => {
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: { maxAge: HSTS_MAX_AGE, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (request, reply) => {
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
  app.addHook('onSend', async (request, reply) => {
    // Plugins serving files under /api (the docs UI) set their own caching; /api stays uncached.
    if (isApiPath(request.url)) reply.header('cache-control', 'no-store');
  });
});
