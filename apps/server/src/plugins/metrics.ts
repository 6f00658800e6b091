import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { AppMetrics } from '../providers/metrics/app-metrics';
import { instrumentDb } from '../providers/metrics/db-metrics';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Prometheus metrics (plugins/metrics.ts); present only when METRICS_TOKEN or METRICS_PORT is set. */
    metrics: AppMetrics;
    /** The metrics' own HTTP server when METRICS_PORT is set (its address tells the port). */
    metricsServer?: Server;
  }
}

/** Audit actions of modules/auth counted as sign-in figures. */
const SIGN_IN_ACTIONS: Record<string, (m: AppMetrics) => void> = {
  login_failed: (m) => m.signInFailures.inc(),
  account_locked: (m) => m.lockouts.inc(),
  login_refused_locked: (m) => m.refusedWhileLocked.inc(),
};

/** `Authorization: Bearer <token>` equal to the token, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (\S+)$/.exec(header ?? '')?.[1] ?? '');
  const wanted = Buffer.from(token);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

/**
 * Prometheus metrics (METRICS_TOKEN, METRICS_PORT in config.ts; off when neither is set):
 * requests and their time per route pattern and status, database statement time (and the pool on
 * PostgreSQL), PDF render time and queue, the outbox backlog, sign-in failures and lockouts, and
 * the process figures of prom-client.
 *
 * Where it is served: with METRICS_PORT, only on that port (a plain HTTP server on HOST, meant
 * for the internal network; it asks for the token too when METRICS_TOKEN is set); otherwise at
 * GET /metrics on the app's port, which answers 401 without `Authorization: Bearer METRICS_TOKEN`.
 * Registered right after the database plugin so that its hooks see every route, and before the
 * PDF plugin, which wraps its renderer when `app.metrics` exists.
 */
export const metricsPlugin = fp(
  async (app) => {
    const { metricsToken: token, metricsPort: port } = app.config;
    if (!token && port === undefined) return;

    const metrics = new AppMetrics();
    app.decorate('metrics', metrics);
    instrumentDb(app.dbHandle, metrics);

    // Read when /metrics is collected, after start-up: the repository comes from the composition root.
    const backlog = () => app.services.operations.outboxBacklog();
    metrics.gauge(
      'portal_outbox_waiting_messages',
      'Outbox messages not delivered, by channel and status (pending: waiting or between attempts; dead: given up).',
      ['channel', 'status'],
      async () => (await backlog()).map((b) => ({ labels: { channel: b.channel, status: b.status }, value: b.waiting })),
    );
    metrics.gauge(
      'portal_outbox_oldest_waiting_seconds',
      'Age of the oldest outbox message not yet delivered (pending), by channel.',
      ['channel'],
      async () =>
        (await backlog()).filter((b) => b.status === 'pending').map((b) => ({ labels: { channel: b.channel }, value: b.oldestSeconds })),
    );

    // Counted by the route pattern (`/api/contacts/:id`), never the raw URL: a bounded label set.
    app.addHook('onResponse', (request: FastifyRequest, reply, done) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    // Sign-in failures and lockouts: the auth service records each as an audit action.
    app.addHook('onReady', async () => {
      if (app.hasDecorator('audit')) app.audit.observe((entry) => SIGN_IN_ACTIONS[entry.action]?.(metrics));
    });

    if (port === undefined) {
      app.get('/metrics', { schema: { hide: true }, config: { roles: 'public' } }, async (request, reply) => {
        if (!bearerMatches(request.headers.authorization, token as string)) throw AppError.http(401);
        const { contentType, body } = await metrics.text();
        return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
      });
      return;
    }

    const server = createServer((req, res) => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method !== 'GET' || path !== '/metrics') {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
        return;
      }
      if (token && !bearerMatches(req.headers.authorization, token)) {
        res.writeHead(401, { 'content-type': 'text/plain', 'www-authenticate': 'Bearer' }).end('unauthorized\n');
        return;
      }
      metrics.text().then(
        ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' }).end(body),
        (error: unknown) => {
          app.log.error({ err: error }, 'metrics: scrape failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('scrape failed\n');
        },
      );
    });
    app.addHook(
      'onReady',
      () =>
        new Promise<void>((resolve, reject) => {
          server.once('error', reject);
          server.listen(port, app.config.host, () => {
            server.off('error', reject);
            app.log.info({ port: (server.address() as { port: number }).port }, 'metrics served on their own port');
            resolve();
          });
        }),
    );
    app.decorate('metricsServer', server);
    app.addHook('onClose', () => new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve())));
  },
  { name: 'metrics' },
);
