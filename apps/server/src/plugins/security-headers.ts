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
  frameAncestors: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  scriptSrcAttr: ["'none'"],
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
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
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
