import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

/** What a stopping server asks a client to wait before trying again: another process, or this one restarted, answers by then. */
export const DRAINING_RETRY_AFTER_S = 1;

/**
 * A stopping server (SIGTERM runs `app.close()`: requests in flight finish, the port closes)
 * answers a request that still reaches it (on a keep-alive connection, or accepted just before
 * the port closed) with 503, the error envelope, `Retry-After` and `Connection: close`; behind a
 * load balancer the client's retry goes to another process. It replaces Fastify's own closing
 * answer (`return503OnClosing: false` in app.ts), which has neither the envelope nor
 * `Retry-After`. Nothing of such a request has run, so a retry is always safe.
 */
export const drainingPlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      if (!closing) return;
      reply.header('connection', 'close');
      throw AppError.http(503, { retryAfter: DRAINING_RETRY_AFTER_S });
    });
  },
  { name: 'draining' },
);
