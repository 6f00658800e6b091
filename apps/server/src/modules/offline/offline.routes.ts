import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_POLICY } from '@portal/domain/api/access-policy';
import { OFFLINE_KEY_PATH, offlineKeyResponseSchema } from '@portal/domain/contracts/offline/offline-key';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { AppError } from '../../lib/app-error';

/**
 * GET /api/offline/v1/key (beyond spec §7, decision 015): the advisor's offline-store key. Only
 * advisors keep contacts and sales records offline, so the call has the contacts' roles.
 */
export const offlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const keys = app.services.offlineKeys;
  app.get(
    OFFLINE_KEY_PATH,
    {
      config: { roles: ACCESS_POLICY['POST /api/contact/v1/create'] },
      schema: {
        summary: "The signed-in advisor's key for the web app's encrypted offline store",
        tags: ['offline'],
        security: [{ bearerAuth: [] }],
        response: { 200: offlineKeyResponseSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      if (!request.user) throw AppError.http(401);
      // A key is never kept by a browser or proxy cache.
      reply.header('cache-control', 'no-store');
      return { key: keys.keyFor(request.user.id) };
    },
  );
};
