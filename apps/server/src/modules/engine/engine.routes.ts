import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calculatePremiumRequestSchema, calculatePremiumResponseSchema } from '@portal/domain/contracts/engine/calculate-premium';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';

/**
 * POST /api/engine/v1/calculate (DESIGN.md §3): the premium engine over the in-memory catalogue
 * (`app.services.catalogue`). 422 names every broken
 * rule's field and key; the 200 answer is serialised with the response schema.
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
    },
    async (request) => (request.user ? service.calculateFor(request.user.id, request.body) : service.calculate(request.body)),
  );
};
