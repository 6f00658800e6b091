import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { HealthRepository } from './health.repository';
import { HealthService } from './health.service';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  environment: z.string(),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), ok: z.boolean(), latencyMs: z.number() }),
});

/** GET /api/health: version and database reachability; 503 when the database does not answer. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = new HealthService(new HealthRepository(app.db), app.dbHandle.kind);
  app.get(
    '/api/health',
    {
      config: { roles: 'public' },
      schema: {
        summary: 'Service health',
        tags: ['health'],
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const health = await service.check();
      return reply.status(health.database.ok ? 200 : 503).send(health);
    },
  );
};
