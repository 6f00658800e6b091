import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { clientPendingQuerySchema } from '@portal/domain/contracts/policies/download-client-pending';
import { clientMilestonesQuerySchema, clientMilestonesResponseSchema } from '@portal/domain/contracts/policies/find-client-milestones';
import { clientPaymentsQuerySchema, clientPaymentsResponseSchema } from '@portal/domain/contracts/policies/find-client-payments';
import { findPendingCodeResponseSchema } from '@portal/domain/contracts/policies/find-pending-code';
import { policyDetailsParamsSchema, policyDetailsResponseSchema } from '@portal/domain/contracts/policies/find-policy-details';
import { policyNumberParamsSchema } from '@portal/domain/contracts/policies/policy-fields';
import { searchCustomersAnySchema, searchCustomersQuerySchema } from '@portal/domain/contracts/policies/search-customers';
import {
  updateDeliveryStatusRequestSchema,
  updateDeliveryStatusResponseSchema,
} from '@portal/domain/contracts/policies/update-delivery-status';
import {
  PENDING_UPLOAD_MAX_BYTES,
  UPLOAD_FIELD_FILE,
  UPLOAD_FIELD_PENDING_CODE,
  uploadClientPendingDocResponseSchema,
} from '@portal/domain/contracts/policies/upload-client-pending-doc';
import { AppError } from '../../lib/app-error';
import { contentDisposition } from '../../lib/upload-validation';
import type { UploadedFile } from './policies.service';
import { callerOf } from '../../plugins/caller';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const tags = ['policy'];
const security = [{ bearerAuth: [] }];

/**
 * Policy calls of spec §7. Who may call them is api/access-policy.ts (advisors and
 * agency staff; delivery status: staff only); which policies they see is the service's business
 * (an advisor's own, staff their agency's; others answer 404).
 */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: PENDING_UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 6, fieldSize: 1024 } });
  }
  const service = app.services.policies;

  app.get(
    '/api/policy/v1/search/customers',
    {
      schema: {
        summary:
          "Search own (agency: the agency's) policies by policy number, owner/insured name (Latin or Khmer), phone, ID number; view=summary: the servicing dashboard",
        tags,
        security,
        querystring: searchCustomersQuerySchema,
        response: { 200: searchCustomersAnySchema, ...errors },
      },
    },
    async (request) => {
      if (request.query.view === 'summary') return service.summary(callerOf(request));
      return service.search(callerOf(request), request.query);
    },
  );

  app.get(
    '/api/policy/v1/search/details/:id',
    {
      schema: {
        summary: 'The whole policy (id = policy number) in one call',
        tags,
        security,
        params: policyDetailsParamsSchema,
        response: { 200: policyDetailsResponseSchema, ...errors },
      },
    },
    async (request) => service.details(callerOf(request), request.params.id),
  );

  app.get(
    '/api/policy/v1/search/client-payments',
    {
      schema: {
        summary: "A policy's premium payments, newest first",
        tags,
        security,
        querystring: clientPaymentsQuerySchema,
        response: { 200: clientPaymentsResponseSchema, ...errors },
      },
    },
    async (request) => service.payments(callerOf(request), request.query),
  );

  app.get(
    '/api/policy/v1/search/client-milestones',
    {
      schema: {
        summary: "The caller's customers' milestones, soonest first",
        tags,
        security,
        querystring: clientMilestonesQuerySchema,
        response: { 200: clientMilestonesResponseSchema, ...errors },
      },
    },
    async (request) => service.milestones(callerOf(request), request.query),
  );

  app.get(
    '/api/policy/v1/:policyNumber/find-pending-code',
    {
      schema: {
        summary: "A policy's pending requirements",
        tags,
        security,
        params: policyNumberParamsSchema,
        response: { 200: findPendingCodeResponseSchema, ...errors },
      },
    },
    async (request) => service.pending(callerOf(request), request.params.policyNumber),
  );

  app.get(
    '/api/policy/v1/download/:policyNumber/client-pending',
    {
      config: { servesStoredPdf: true },
      schema: {
        summary: 'The client-pending letter as a PDF (lang=en|km)',
        tags,
        security,
        params: policyNumberParamsSchema,
        querystring: clientPendingQuerySchema,
        response: { ...errors, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.pendingLetter(callerOf(request), request.params.policyNumber, request.query.lang);
      return (
        reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(fileName))
          .header('cache-control', 'no-store')
          // A Buffer is sent as is (no serializer runs); the response schema lists only the errors.
          .send(pdf as never)
      );
    },
  );

  app.post(
    '/api/policy/v1/upload/:policyNumber/client-pending-doc',
    {
      schema: {
        summary: 'Upload a document (pdf/png, <= 10 MB) for a pending requirement: multipart with pendingCode and file',
        tags,
        security,
        params: policyNumberParamsSchema,
        response: {
          201: uploadClientPendingDocResponseSchema,
          409: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      // Refuse another's policy before reading a byte of the body.
      await service.requireVisible(caller, request.params.policyNumber);
      if (!request.isMultipart()) throw AppError.http(415);
      let pendingCode: string | undefined;
      let file: UploadedFile | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // Read to the end (toBuffer throws 413 past the limit); only the first `file` part counts.
          const data = await part.toBuffer();
          if (part.fieldname === UPLOAD_FIELD_FILE && !file) file = { fileName: part.filename, data };
        } else if (part.fieldname === UPLOAD_FIELD_PENDING_CODE && typeof part.value === 'string') {
          pendingCode = part.value;
        }
      }
      const result = await service.uploadPending(caller, request.params.policyNumber, pendingCode, file);
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/policy/v1/update/delivery-status',
    {
      schema: {
        summary: "Record the policy pack's delivery status (agency staff; optimistic locking)",
        tags,
        security,
        body: updateDeliveryStatusRequestSchema,
        response: { 200: updateDeliveryStatusResponseSchema, 409: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => service.updateDelivery(callerOf(request), request.body),
  );
};
