import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentListResponseSchema,
  agentProductParamsSchema,
  agentProductsResponseSchema,
  saveAgentProductsSchema,
} from '@portal/domain/contracts/candidates/agent-products';
import { ACCESS_POLICY } from '@portal/domain/api/access-policy';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { callerOf } from '../../plugins/caller';

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const tags = ['agent-product'];
const security = [{ bearerAuth: [] }];

/** Agent product permission calls of spec §7 (agency admin; api/access-policy.ts). */
export const agentProductRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.agentProducts;

  app.get(
    '/api/agent-product/v1/agents',
    {
      // Beyond spec §7: whoever may read one agent's permissions may list the agents.
      config: { roles: ACCESS_POLICY['GET /api/agent-product/v1/find/{id}'] },
      schema: {
        summary: "The agency's advisors and trainees, by name, each with whether a product list limits them",
        tags,
        security,
        response: { 200: agentListResponseSchema, ...errors },
      },
    },
    async (request) => service.agents(callerOf(request)),
  );

  app.get(
    '/api/agent-product/v1/find/:id',
    {
      schema: {
        summary: "An agent's permitted products and agent codes over time (id = the agent's user id)",
        tags,
        security,
        params: agentProductParamsSchema,
        response: { 200: agentProductsResponseSchema, ...errors },
      },
    },
    async (request) => service.find(callerOf(request), request.params.id),
  );

  app.post(
    '/api/agent-product/v1/create',
    {
      schema: {
        summary: "Save an agent's product list (replaces it; version 0 for the first list; stale -> 409)",
        tags,
        security,
        body: saveAgentProductsSchema,
        response: { 200: agentProductsResponseSchema, ...errors },
      },
    },
    async (request) => service.save(callerOf(request), request.body),
  );
};
