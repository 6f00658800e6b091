import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { downloadPdfQuerySchema } from '@portal/domain/contracts/compliance/download-pdf';
import { completionsResponseSchema } from '@portal/domain/contracts/compliance/find-completions';
import { questionsQuerySchema, questionsResponseSchema } from '@portal/domain/contracts/compliance/find-questions';
import { trainingMaterialsQuerySchema, trainingMaterialsResponseSchema } from '@portal/domain/contracts/compliance/find-training-materials';
import { submitAnswersRequestSchema, submitAnswersResponseSchema } from '@portal/domain/contracts/compliance/submit-answers';
import { callerOf } from '../../plugins/caller';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const tags = ['compliance'];
const security = [{ bearerAuth: [] }];

/**
 * Compliance training calls of spec §7. Who may call them: api/access-policy.ts
 * (sellers, agency staff, trainees); the completions view is agency staff's (the service).
 */
export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.compliance;
  // The current period's course exists from the start, in every mode (reference data).
  await service.ensureCurrentPeriod();

  app.get(
    '/api/compliance/training/v1/form/training-materials',
    {
      schema: {
        summary:
          "The period's training materials and the caller's attempts; view=completions (agency staff): who in the agency has completed, format=csv as a file",
        tags,
        security,
        querystring: trainingMaterialsQuerySchema,
        response: { 200: z.union([trainingMaterialsResponseSchema, completionsResponseSchema]), ...errors },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (request.query.view !== 'completions') return service.materials(caller, request.query);
      if (request.query.format !== 'csv') return service.completions(caller, request.query.period);
      const { fileName, csv } = await service.completionsCsv(caller, request.query.period);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(csv as never);
    },
  );

  app.get(
    '/api/compliance/training/v1/form/download/pdf',
    {
      config: { rendersPdf: true },
      schema: {
        summary: "A training material (kind=material&id=) or the caller's completion certificate (kind=certificate) as a PDF (lang=en|km)",
        tags,
        security,
        querystring: downloadPdfQuerySchema,
        response: { ...errors, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const { fileName, pdf } =
        request.query.kind === 'certificate'
          ? await service.certificatePdf(caller, request.query.lang)
          : await service.materialPdf(request.query);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'no-store')
        .send(pdf as never);
    },
  );

  app.get(
    '/api/compliance/training/v1/questions',
    {
      schema: {
        summary: "The current period's questionnaire (lang=en|km)",
        tags,
        security,
        querystring: questionsQuerySchema,
        response: { 200: questionsResponseSchema, ...errors },
      },
    },
    async (request) => service.questions(callerOf(request), request.query.lang),
  );

  app.post(
    '/api/compliance/training/v1/answers/submit',
    {
      schema: {
        summary: "Submit one attempt at the questionnaire; scored on the server against the period's pass mark",
        tags,
        security,
        body: submitAnswersRequestSchema,
        response: { 201: submitAnswersResponseSchema, 409: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.submit(callerOf(request), request.body)),
  );
};
