import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { UPLOAD_MAX_BYTES } from '@portal/domain/constants/uploads';
import {
  convertCandidateResponseSchema,
  convertCandidateSchema,
  examUploadResponseSchema,
  templateQuerySchema,
} from '@portal/domain/contracts/candidates/exam-results';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { contentDisposition } from '../../lib/upload-validation';
import { readMultipart } from '../candidates/multipart-parts';
import { callerOf } from '../../plugins/caller';

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const tags = ['support'];
const security = [{ bearerAuth: [] }];

function sendFile(reply: FastifyReply, file: { fileName: string; mediaType: string; data: Buffer }) {
  return reply
    .header('content-type', file.mediaType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.data as never);
}

/** The spec's Support calls (§7, /api/support/v1: exams, enrolment, licences, conversion): agency admin only (api/access-policy.ts), scoped to their agency. */
export const licensingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.licensing;

  app.get(
    '/api/support/v1/exam/download/template',
    {
      schema: {
        summary: 'The ITC exam-results template (?format=csv|xlsx), one row per candidate awaiting a result',
        tags,
        security,
        querystring: templateQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => sendFile(reply, await service.examTemplate(callerOf(request), request.query.format)),
  );

  app.get(
    '/api/support/v1/exam/download/agent',
    {
      schema: { summary: "Exam results of the agency's candidates and new agents (CSV)", tags, security, response: errors },
    },
    async (request, reply) => sendFile(reply, await service.examResults(callerOf(request))),
  );

  app.get(
    '/api/support/v1/enrollment/download',
    {
      schema: {
        summary: 'ITC enrolment list (CSV; ?itcClassId=)',
        tags,
        security,
        querystring: z.object({ itcClassId: z.uuid({ error: 'invalid' }).optional() }),
        response: errors,
      },
    },
    async (request, reply) => sendFile(reply, await service.enrollment(callerOf(request), request.query.itcClassId)),
  );

  app.get(
    '/api/support/v1/licenses/download',
    {
      schema: { summary: "IRC licences of the agency's candidates and new agents (CSV)", tags, security, response: errors },
    },
    async (request, reply) => sendFile(reply, await service.licences(callerOf(request))),
  );

  app.post(
    '/api/support/v1/convert/candidate',
    {
      schema: {
        summary: 'Convert a licensed candidate to a trainee (ROLE_TRAINEE account, new agent code); idempotent',
        tags,
        security,
        body: convertCandidateSchema,
        response: { 200: convertCandidateResponseSchema, ...errors },
      },
    },
    async (request) => service.convert(callerOf(request), request.body.candidateId),
  );

  // The upload in its own context: only it parses multipart bodies.
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 } });
    uploads.post(
      '/api/support/v1/exam/upload',
      {
        schema: {
          summary: 'Upload filled exam results (multipart file: CSV or XLSX); all rows or none',
          tags,
          security,
          response: { 200: examUploadResponseSchema, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema, ...errors },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { file } = await readMultipart(request);
        return service.uploadExamResults(caller, file);
      },
    );
  });
};
