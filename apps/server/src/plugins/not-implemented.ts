import * as z from 'zod';
import { API_PATHS, toRouterPath } from '@portal/domain/api/api-paths';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { AppError } from '../lib/app-error';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /spec/path` of every spec call still answering 501 (shrinks as modules land). */
    notImplemented: ReadonlySet<string>;
  }
}

function paramsSchema(path: string) {
  const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  return names.length === 0 ? undefined : z.object(Object.fromEntries(names.map((n) => [n, z.string()])));
}

/**
 * Every spec §7 path that no module has registered yet answers 501 `not_implemented` and shows
 * up in the OpenAPI document (ADR 001). Registered after the modules, so the list shrinks on
 * its own as areas land.
 */
export const notImplementedRoutes = fp(
  async (app) => {
    const pending = new Set<string>();
    for (const { method, path, area } of API_PATHS) {
      const url = toRouterPath(path);
      if (app.hasRoute({ method, url })) continue;
      pending.add(`${method} ${path}`);
      const params = paramsSchema(path);
      app.route({
        method,
        url,
        // Guarded like the real call will be: the auth plugin applies the domain's access policy to spec paths.
        schema: {
          summary: `${method} ${path} (not implemented yet)`,
          tags: [area],
          ...(params ? { params } : {}),
          response: { 501: errorEnvelopeSchema },
        },
        handler: async () => {
          throw AppError.http(501);
        },
      });
    }
    app.decorate('notImplemented', pending);
  },
  { name: 'not-implemented' },
);
