import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { UPLOAD_MAX_BYTES } from '@portal/domain/constants/uploads';
import { applicationResponseSchema } from '@portal/domain/contracts/applications/application-response';
import { createApplicationRequestSchema } from '@portal/domain/contracts/applications/create-application';
import { findApplicationsQuerySchema, findApplicationsResponseSchema } from '@portal/domain/contracts/applications/find-applications';
import { lovBranchParamsSchema, lovBranchResponseSchema } from '@portal/domain/contracts/applications/lov-branch';
import { submitApplicationRequestSchema } from '@portal/domain/contracts/applications/submit-application';
import { updateApplicationRequestSchema } from '@portal/domain/contracts/applications/update-application';
import { recordIdParamsSchema } from '@portal/domain/contracts/contacts/contact-id';
import {
  applicationDocumentSchema,
  deleteDocumentResponseSchema,
  DOCUMENT_UPLOAD_FIELDS,
  downloadDocumentQuerySchema,
  findApplicationDocumentsResponseSchema,
  uploadDocumentResponseSchema,
} from '@portal/domain/contracts/documents/application-document';
import { generateReportParamsSchema, generateReportQuerySchema } from '@portal/domain/contracts/reports/generate-report';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { AppError } from '../../lib/app-error';
import { contentDisposition } from '../../lib/upload-validation';
import type { UploadedFile, UploadFields } from './documents.service';
import { callerOf } from '../../plugins/caller';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const security = [{ bearerAuth: [] }];

const UPLOAD_TEXT_FIELDS = new Set<string>([
  DOCUMENT_UPLOAD_FIELDS.applicationId,
  DOCUMENT_UPLOAD_FIELDS.documentCategoryCode,
  DOCUMENT_UPLOAD_FIELDS.documentCode,
  DOCUMENT_UPLOAD_FIELDS.idNumber,
  DOCUMENT_UPLOAD_FIELDS.expiredDate,
]);

/**
 * Application form, documents and report calls of spec §7. Applications are made from the
 * caller's proposals, recalculated by the premium engine (src/services.ts wires both).
 */
export const applicationRoutes: FastifyPluginAsyncZod = async (app) => {
  // This module's own parser (plugins are encapsulated): 5 MB per file, one file.
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 8, parts: 10, fieldSize: 1024 } });
  const { applications: service, documents, productPermissions } = app.services;

  const tags = ['appform'];
  app.post(
    '/api/appform/v1/create',
    {
      schema: {
        summary: "Create an application from the caller's saved proposal",
        tags,
        security,
        body: createApplicationRequestSchema,
        response: { 201: applicationResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const permitted = (productCode: string) => productPermissions.assert(caller.user.id, productCode);
      return reply.status(201).send(await service.create(caller, request.body, permitted));
    },
  );

  app.get(
    '/api/appform/v1/find',
    {
      schema: {
        summary: "Own applications (staff: the agency's), newest change first; q >= 3 characters",
        tags,
        security,
        querystring: findApplicationsQuerySchema,
        response: { 200: findApplicationsResponseSchema, ...errors },
      },
    },
    async (request) => service.list(callerOf(request), request.query),
  );

  app.get(
    '/api/appform/v1/find/:id',
    {
      schema: {
        summary: "One application with every step's saved data",
        tags,
        security,
        params: recordIdParamsSchema,
        response: { 200: applicationResponseSchema, ...errors },
      },
    },
    async (request) => service.find(callerOf(request), request.params.id),
  );

  app.get(
    '/api/appform/v1/lov/branch/:bankCode',
    {
      schema: {
        summary: "A partner bank's branches",
        tags,
        security,
        params: lovBranchParamsSchema,
        response: { 200: lovBranchResponseSchema, ...errors },
      },
    },
    async (request) => service.branches(request.params.bankCode),
  );

  app.post(
    '/api/appform/v1/update/:id',
    {
      schema: {
        summary: 'Save a wizard step (draft or complete) and/or the active step; stale version or submitted -> 409',
        tags,
        security,
        params: recordIdParamsSchema,
        body: updateApplicationRequestSchema,
        response: { 200: applicationResponseSchema, 409: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/appform/v1/submit/:id',
    {
      schema: {
        summary: 'Submit (idempotent): re-checks every step, renders the application form PDF, P -> S',
        tags,
        security,
        params: recordIdParamsSchema,
        body: submitApplicationRequestSchema,
        response: { 200: applicationResponseSchema, 409: errorEnvelopeSchema, 503: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => service.submit(callerOf(request), request.params.id, request.body),
  );

  const docTags = ['document'];
  app.post(
    '/api/document/v1/upload',
    {
      schema: {
        summary:
          'Upload a supporting document: multipart applicationId, documentCategoryCode, documentCode, idNumber?, expiredDate?, file (pdf/png, <= 5 MB)',
        tags: docTags,
        security,
        response: {
          201: uploadDocumentResponseSchema,
          409: errorEnvelopeSchema,
          413: errorEnvelopeSchema,
          415: errorEnvelopeSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!request.isMultipart()) throw AppError.http(415);
      const fields: UploadFields = {};
      let file: UploadedFile | undefined;
      let checked = false;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // The form sends its text fields first: refuse another's or a submitted application before reading the file.
          if (!checked) {
            await documents.requireUploadTarget(caller, fields.applicationId);
            checked = true;
          }
          const data = await part.toBuffer();
          if (part.fieldname === DOCUMENT_UPLOAD_FIELDS.file && !file) file = { fileName: part.filename, data };
        } else if (UPLOAD_TEXT_FIELDS.has(part.fieldname) && typeof part.value === 'string') {
          fields[part.fieldname as keyof UploadFields] = part.value;
        }
      }
      return reply.status(201).send(await documents.upload(caller, fields, file));
    },
  );

  app.get(
    '/api/document/v1/find/appform/:id',
    {
      schema: {
        summary: "An application's supporting documents",
        tags: docTags,
        security,
        params: recordIdParamsSchema,
        response: { 200: findApplicationDocumentsResponseSchema, ...errors },
      },
    },
    async (request) => documents.list(callerOf(request), request.params.id),
  );

  app.get(
    '/api/document/v1/find/:id',
    {
      schema: {
        summary: "One supporting document's record",
        tags: docTags,
        security,
        params: recordIdParamsSchema,
        response: { 200: applicationDocumentSchema, ...errors },
      },
    },
    async (request) => documents.find(callerOf(request), request.params.id),
  );

  app.get(
    '/api/document/v1/download',
    {
      schema: {
        summary: "A supporting document's file (?id=)",
        tags: docTags,
        security,
        querystring: downloadDocumentQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => {
      const file = await documents.download(callerOf(request), request.query.id);
      return reply
        .header('content-type', file.mediaType)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.data as never);
    },
  );

  app.post(
    '/api/document/v1/delete/:id',
    {
      schema: {
        summary: 'Delete a supporting document of a pending application',
        tags: docTags,
        security,
        params: recordIdParamsSchema,
        response: { 200: deleteDocumentResponseSchema, 409: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => documents.remove(callerOf(request), request.params.id),
  );

  app.post(
    '/api/document/v1/scan',
    {
      schema: {
        summary: 'Convert a pdf, jpg, jpeg, png, tiff or tif (multipart `file`) into a PDF',
        tags: docTags,
        security,
        response: { 413: errorEnvelopeSchema, 415: errorEnvelopeSchema, 503: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => {
      callerOf(request);
      if (!request.isMultipart()) throw AppError.http(415);
      let file: UploadedFile | undefined;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === DOCUMENT_UPLOAD_FIELDS.file && !file) file = { fileName: part.filename, data };
        }
      }
      const result = await documents.scan(file);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(result.fileName))
        .header('cache-control', 'no-store')
        .send(result.pdf as never);
    },
  );

  app.get(
    '/api/report/v1/generate/:reportName/:referenceId',
    {
      config: { servesStoredPdf: true },
      schema: {
        summary: 'A report as PDF: application-form (referenceId = application id; lang=en|km)',
        tags: ['report'],
        security,
        params: generateReportParamsSchema,
        querystring: generateReportQuerySchema,
        response: { ...errors, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (request.params.reportName !== 'application-form') throw AppError.http(404);
      const { fileName, pdf } = await service.applicationForm(caller, request.params.referenceId, request.query.lang);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition(fileName, 'inline'))
        .header('cache-control', 'no-store')
        .send(pdf as never);
    },
  );
};
