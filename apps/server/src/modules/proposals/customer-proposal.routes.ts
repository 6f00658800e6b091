import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customerProposalSchema,
  customerReportQuerySchema,
  openProposalLinkRequestSchema,
  openProposalLinkResponseSchema,
  VIEW_TOKEN_HEADER,
} from '@portal/domain/contracts/proposals/send-to-customer';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { callContext } from '../auth/auth-services';
import type { ProposalView } from './proposal-send.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The customer's view on the customer proposal routes, set by their view-token check. */
    proposalView: ProposalView | null;
  }
}

const errors = { 401: errorEnvelopeSchema, 422: errorEnvelopeSchema, 429: errorEnvelopeSchema };
const tags = ['customer'];

function viewToken(request: FastifyRequest): string | undefined {
  const value = request.headers[VIEW_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The customer's page of a proposal sent by SMS (contracts/proposals/send-to-customer.ts): no
 * account, so public routes; the link's token, then the view token, are the only permission.
 */
export const customerProposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.proposalSend;
  const limited = (max: number) => (app.config.rateLimitMax === 0 ? {} : { rateLimit: { max, timeWindow: 60_000 } });
  // The view token is the caller: without a valid one, 401 before the query is validated.
  app.decorateRequest('proposalView', null);
  const viewer = async (request: FastifyRequest) => {
    request.proposalView = await service.viewOf(viewToken(request));
    if (request.proposalView === null) throw AppError.http(401);
  };
  const viewOf = (request: FastifyRequest): ProposalView => {
    if (request.proposalView === null) throw AppError.http(401);
    return request.proposalView;
  };

  app.post(
    '/api/customer/v1/proposal/open',
    {
      config: { roles: 'public', ...limited(10) },
      schema: {
        summary:
          'Open the link a customer received by SMS: spends it and answers the proposal with a view token (410 when expired or used)',
        tags,
        body: openProposalLinkRequestSchema,
        response: { 200: openProposalLinkResponseSchema, 410: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => service.open(request.body.token, callContext(request)),
  );

  app.get(
    '/api/customer/v1/proposal',
    {
      onRequest: viewer,
      config: { roles: 'public', ...limited(30) },
      schema: {
        summary: `The proposal again for the page's view token (${VIEW_TOKEN_HEADER} header)`,
        tags,
        response: { 200: customerProposalSchema, ...errors },
      },
    },
    async (request) => service.find(viewOf(request), callContext(request)),
  );

  app.get(
    '/api/customer/v1/proposal/report',
    {
      onRequest: viewer,
      config: { roles: 'public', servesStoredPdf: true, ...limited(30) },
      schema: {
        summary: `The proposal's PDF for the page's view token (${VIEW_TOKEN_HEADER} header), in lang=en|km`,
        tags,
        querystring: customerReportQuerySchema,
        response: { ...errors, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.report(viewOf(request), request.query.lang, callContext(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('content-language', request.query.lang === 'km' ? 'km-KH' : 'en')
        .header('cache-control', 'no-store')
        .send(pdf as never);
    },
  );
};
