import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { APP_VERSION } from '@portal/domain/version';

/** Public (anonymous) answers: the version and the database's reachability, never the database kind or the environment. */
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ ok: z.boolean(), latencyMs: z.number() }),
});

const liveSchema = z.object({ status: z.literal('ok'), version: z.string() });

/** The liveness answer never changes while the process runs: serialised once. */
const LIVE_BODY = JSON.stringify({ status: 'ok', version: APP_VERSION } satisfies z.infer<typeof liveSchema>);

/**
 * Three probes (ADR 001 keeps `/api/health` as the spec's health call):
 * - `GET /api/health`: version and database reachability; 503 when the database does not answer
 *   (what a person or the SPA asks; unchanged).
 * - `GET /api/health/ready`: the same check, for a load balancer's readiness probe.
 * - `GET /api/health/live`: the process answers HTTP at all; no database call, so a slow
 *   database does not get a live process restarted. Also the benchmark's "trivial route".
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.health;
  for (const [url, summary] of [
    ['/api/health', 'Service health'],
    ['/api/health/ready', 'Readiness: the database answers'],
  ] as const) {
    app.get(
      url,
      { config: { roles: 'public' }, schema: { summary, tags: ['health'], response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        const health = await service.check();
        return reply.status(health.database.ok ? 200 : 503).send(health);
      },
    );
  }
  app.get(
    '/api/health/live',
    {
      config: { roles: 'public' },
      schema: { summary: 'Liveness: the process answers (no database call)', tags: ['health'], response: { 200: liveSchema } },
    },
    // A string with a JSON content type is sent as it is (no serializer).
    async (_request, reply) => reply.type('application/json; charset=utf-8').send(LIVE_BODY as unknown as z.infer<typeof liveSchema>),
  );
};
