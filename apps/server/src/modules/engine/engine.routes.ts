import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calculatePremiumRequestSchema, calculatePremiumResponseSchema } from '@portal/domain/contracts/engine/calculate-premium';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { JSON_CONTENT_TYPE, serialized } from '../../lib/cached-json';
import type { CachedAnswer } from '../../lib/response-cache';

/**
 * POST /api/engine/v1/calculate (DESIGN.md §3): the premium engine over the in-memory catalogue
 * (`app.catalogue`, registered by the products module before this one). 422 names every broken
 * rule's field and key; the 200 answer is checked against the response schema when it is built (lib/cached-json.ts).
 */
export const engineRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.engine;
  app.post(
    '/api/engine/v1/calculate',
    {
      schema: {
        summary: 'Premium quote per premium mode, with coverages (base plan, riders, waivers)',
        tags: ['engine'],
        security: [{ bearerAuth: [] }],
        body: calculatePremiumRequestSchema,
        response: { 200: calculatePremiumResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 422: errorEnvelopeSchema },
      },
      // A quote changes nothing: the caller's cached dashboard stays (dashboard-cache.ts).
      config: { readOnly: true },
    },
    (request, reply) => {
      const send = (built: CachedAnswer): void => {
        reply.type(JSON_CONTENT_TYPE).send(serialized(built));
      };
      const answer = service.calculate(request.body);
      if (answer instanceof Promise) return answer.then(send);
      // A remembered quote (the usual case) is sent without waiting on a promise.
      send(answer);
      return undefined;
    },
  );
};
