import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ACCESS_POLICY } from '@portal/domain/api/access-policy';
import { recordIdParamsSchema } from '@portal/domain/contracts/contacts/contact-id';
import {
  remoteSignStatusResponseSchema,
  sendRemoteSignRequestSchema,
  sendRemoteSignResponseSchema,
} from '@portal/domain/contracts/applications/remote-signature';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { callerOf } from '../../plugins/caller';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const security = [{ bearerAuth: [] }];
const tags = ['appform'];

/** The advisor's side of remote signatures (contracts/applications/remote-signature.ts; beyond spec §7). */
export const remoteSignRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.remoteSign;

  app.post(
    '/api/appform/v1/remote-sign/:id',
    {
      // Whoever may update an application may send it for signature (the service: only its owner, while pending).
      config: { roles: ACCESS_POLICY['POST /api/appform/v1/update/{id}'] },
      schema: {
        summary:
          "Send a signer an SMS link (72 hours, one use) to sign the declaration on their own phone; the phone is the signer's contact's",
        tags,
        security,
        params: recordIdParamsSchema,
        body: sendRemoteSignRequestSchema,
        response: { 201: sendRemoteSignResponseSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.send(callerOf(request), request.params.id, request.body)),
  );

  app.get(
    '/api/appform/v1/remote-sign/:id',
    {
      config: { roles: ACCESS_POLICY['GET /api/appform/v1/find/{id}'] },
      schema: {
        summary: 'The remote signatures that hold and the links waiting, per signer',
        tags,
        security,
        params: recordIdParamsSchema,
        response: { 200: remoteSignStatusResponseSchema, ...errors },
      },
    },
    async (request) => service.status(callerOf(request), request.params.id),
  );
};
