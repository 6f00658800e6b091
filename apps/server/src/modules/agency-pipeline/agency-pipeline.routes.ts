import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import {
  pipelineItemsQuerySchema,
  pipelineItemsResponseSchema,
  pipelineQuerySchema,
  pipelineResponseSchema,
} from '@portal/domain/contracts/agency-pipeline/find-pipeline';
import { ACCESS_POLICY } from '@portal/domain/api/access-policy';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { callerOf } from '../../plugins/caller';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const tags = ['agency-pipeline'];
const security = [{ bearerAuth: [] }];
// Beyond spec §7: the agency admin's alone, like the other agency-admin calls.
const config = { roles: ACCESS_POLICY['GET /api/agent-product/v1/find/{id}'] };

/** The agency admin's pipeline: who in their agency has what waiting in which stage, and for how long. */
export const agencyPipelineRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.agencyPipeline;

  app.get(
    '/api/agency/v1/pipeline',
    {
      config,
      schema: {
        summary:
          "For each advisor of the caller's agency: items waiting per stage and the oldest one's days (advisorId, stage, minDays filters)",
        tags,
        security,
        querystring: pipelineQuerySchema,
        response: { 200: pipelineResponseSchema, ...errors },
      },
    },
    async (request) => service.figures(callerOf(request), request.query),
  );

  app.get(
    '/api/agency/v1/pipeline/items',
    {
      config,
      schema: {
        summary: 'The items behind a pipeline figure, oldest first, with the days each waited; format=csv as a file (lang=en|km)',
        tags,
        security,
        querystring: pipelineItemsQuerySchema,
        response: { 200: z.union([pipelineItemsResponseSchema, z.string()]), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (request.query.format !== 'csv') return service.items(caller, request.query);
      const { fileName, csv } = await service.itemsCsv(caller, request.query, request.query.lang ?? 'en');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv as never);
    },
  );
};
