import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';

/** Routes that exist only in tests: a validated body, a crash, a secret-bearing body. */
export const probeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/test/validate',
    {
      config: { roles: 'public' },
      schema: {
        body: z
          .object({
            firstName: z.string().min(1).max(5),
            email: z.email().optional(),
            age: z.number().int().min(18),
            phone: z.string().regex(/^[0-9-]+$/, 'pattern'),
            address: z.object({ city: z.string() }),
            tags: z.array(z.string()).max(1),
            employeeId: z.string().refine((v) => v !== 'x', 'unmatched'),
          })
          .strict(),
      },
    },
    async () => ({ ok: true }),
  );
  app.get('/api/test/boom', { config: { roles: 'public' } }, async () => {
    const error = new Error('database password=hunter2 at /srv/secret/path.ts:12') as Error & { detail: string };
    error.detail = 'internal detail';
    throw error;
  });
  app.post('/api/test/echo', { config: { roles: 'public' } }, async (request) => ({ received: Object.keys(request.body as object) }));
  app.get('/api/test/signed-in', {}, async (request) => ({ user: request.user }));
};
