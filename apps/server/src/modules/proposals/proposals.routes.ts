import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordIdParamsSchema } from '@portal/domain/contracts/contacts/contact-id';
import { createProposalRequestSchema, proposalResponseSchema } from '@portal/domain/contracts/proposals/create-proposal';
import { findProposalResponseSchema } from '@portal/domain/contracts/proposals/find-proposal';
import { proposalReportQuerySchema } from '@portal/domain/contracts/proposals/find-proposal-report';
import { findProposalsQuerySchema, findProposalsResponseSchema } from '@portal/domain/contracts/proposals/find-proposals';
import { opcPaymentResponseSchema, proposalNumberParamsSchema } from '@portal/domain/contracts/proposals/opc-payment';
import { updateProposalRequestSchema } from '@portal/domain/contracts/proposals/update-proposal';
import { sendProposalRequestSchema, sendProposalResponseSchema } from '@portal/domain/contracts/proposals/send-to-customer';
import { ACCESS_POLICY } from '@portal/domain/api/access-policy';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { callerOf } from '../../plugins/caller';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const tags = ['proposal'];
const security = [{ bearerAuth: [] }];

/**
 * Proposal calls of spec §7. Who may call them is api/access-policy.ts (advisors write,
 * agency staff read); which proposals they see is the service's business (own / agency; others 404).
 */
export const proposalRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.proposals;
  const sender = app.services.proposalSend;
  const permissions = app.services.productPermissions;

  app.post(
    '/api/proposal/v1/create',
    {
      schema: {
        summary: "Create a proposal from two of the caller's contacts; the server recalculates with the engine and stores its answer",
        tags,
        security,
        body: createProposalRequestSchema,
        response: { 201: proposalResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      await permissions.assert(caller.user.id, request.body.productCode);
      return reply.status(201).send(await service.create(caller, request.body));
    },
  );

  app.post(
    '/api/proposal/v1/update/:id',
    {
      schema: {
        summary: 'Update a proposal (recalculated; optimistic locking: stale version -> 409)',
        tags,
        security,
        params: recordIdParamsSchema,
        body: updateProposalRequestSchema,
        response: { 200: proposalResponseSchema, 409: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await permissions.assert(caller.user.id, request.body.productCode);
      return service.update(caller, request.params.id, request.body);
    },
  );

  app.get(
    '/api/proposal/v1/find',
    {
      schema: {
        summary: "Own (staff: the agency's) proposals, newest change first, with search (>= 3 characters) and a cursor",
        tags,
        security,
        querystring: findProposalsQuerySchema,
        response: { 200: findProposalsResponseSchema, ...errors },
      },
    },
    async (request) => service.list(callerOf(request), request.query),
  );

  app.get(
    '/api/proposal/v1/find/:id',
    {
      schema: {
        summary: 'One proposal with its quote and status history',
        tags,
        security,
        params: recordIdParamsSchema,
        response: { 200: findProposalResponseSchema, ...errors },
      },
    },
    async (request) => service.find(callerOf(request), request.params.id),
  );

  app.get(
    '/api/proposal/v1/find/report/:id',
    {
      config: { servesStoredPdf: true },
      schema: {
        summary: "The proposal's benefit illustration as a PDF (lang=en|km, default the user's language; download=1 for an attachment)",
        tags,
        security,
        params: recordIdParamsSchema,
        querystring: proposalReportQuerySchema,
        response: { ...errors, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { fileName, pdf, lang } = await service.report(callerOf(request), request.params.id, request.query.lang);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `${request.query.download ? 'attachment' : 'inline'}; filename="${fileName}"`)
          .header('content-language', lang === 'km' ? 'km-KH' : 'en')
          .header('cache-control', 'no-store')
          // A Buffer is sent as is (no serializer runs); the response schema lists only the errors.
          .send(pdf as never)
      );
    },
  );

  app.get(
    '/api/proposal/v1/opc-payment/:proposalNum',
    {
      schema: {
        summary:
          "The first premium's payment reference and KHQR (Bakong) code, with a QR image; the same reference while the premium is unchanged (a changed premium gets a new one; the old is superseded)",
        tags,
        security,
        params: proposalNumberParamsSchema,
        response: { 200: opcPaymentResponseSchema, ...errors },
      },
    },
    async (request) => service.payment(callerOf(request), request.params.proposalNum),
  );

  app.post(
    '/api/proposal/v1/send/:id',
    {
      // Beyond spec §7 (send-to-customer.ts): whoever may update a proposal may send it.
      config: { roles: ACCESS_POLICY['POST /api/proposal/v1/update/{id}'] },
      schema: {
        summary:
          "Send the proposal to the policy owner's phone: an SMS with a signed link (72 hours, one use) to the proposal, its PDF and KHQR code",
        tags,
        security,
        params: recordIdParamsSchema,
        body: sendProposalRequestSchema,
        response: { 201: sendProposalResponseSchema, 429: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await sender.send(callerOf(request), request.params.id, request.body)),
  );
};
