import multipart from '@fastify/multipart';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod';
import { UPLOAD_MAX_BYTES } from '@portal/domain/constants/uploads';
import {
  candidateIdParamsSchema,
  candidateNumberQuerySchema,
  candidateQuerySchema,
  candidateSchema,
  candidateDocumentSchema,
  documentQuerySchema,
  findCandidatesQuerySchema,
  ircListQuerySchema,
  findCandidatesResponseSchema,
  findExistingQuerySchema,
  findExistingResponseSchema,
  itcClassesResponseSchema,
  linkOtpRequestSchema,
  linkOtpResponseSchema,
  linkVerifyRequestSchema,
  linkVerifyResponseSchema,
  requestLinkResponseSchema,
  reviewRequestSchema,
} from '@portal/domain/contracts/candidates/candidate';
import {
  candidateInitSchema,
  candidateUpdateSchema,
  requestLinkSchema,
  versionBodySchema,
} from '@portal/domain/contracts/candidates/candidate-fields';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { AppError } from '../../lib/app-error';
import { contentDisposition } from '../../lib/upload-validation';
import { callContext } from '../auth/auth-services';
import { readMultipart } from './multipart-parts';
import { callerOf } from '../../plugins/caller';

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const uploadErrors = { ...errors, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };
const tags = ['candidate'];
const security = [{ bearerAuth: [] }];
const okSchema = z.object({ ok: z.literal(true) });

function sendFile(reply: FastifyReply, file: { fileName: string; mediaType: string; data: Buffer }) {
  return reply
    .header('content-type', file.mediaType)
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'no-store')
    .send(file.data as never);
}

/**
 * Candidate calls of spec §7. Who may call what is api/access-policy.ts; which
 * candidates a caller sees is the service's business (candidate-scope.ts; others' are 404).
 */
export const candidateRoutes: FastifyPluginAsyncZod = async (app) => {
  const { links, forms, documents, review, licences } = app.services.candidates;
  // Date rules ("not later than today") read the app's clock, as the services do.
  const now = () => app.services.clock.now();
  // The coming ITC classes exist from the start (reads never write).
  app.addHook('onReady', () => review.scheduleItcClasses());

  app.get(
    '/api/candidate/v1/find/existing',
    {
      schema: {
        summary: 'May this person be recruited? (existing agent, blocked, already in the pipeline)',
        tags,
        security,
        querystring: findExistingQuerySchema,
        response: { 200: findExistingResponseSchema, ...errors },
      },
    },
    async (request) => forms.findExisting(callerOf(request), request.query),
  );

  app.post(
    '/api/candidate/v1/form/init',
    {
      schema: {
        summary: 'Start a candidate by filling the form (mode=createRecruitmentApp)',
        tags,
        security,
        body: candidateInitSchema(now),
        response: { 201: candidateSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await forms.init(callerOf(request), request.body)),
  );

  app.post(
    '/api/candidate/v1/form/link',
    {
      schema: {
        summary: 'Send the candidate a secure link by SMS (mode=requestTokenLink)',
        tags,
        security,
        body: requestLinkSchema,
        response: { 201: requestLinkResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await links.requestLink(callerOf(request), request.body)),
  );

  app.post(
    '/api/candidate/v1/form/link/otp',
    {
      config: app.config.rateLimitMax === 0 ? {} : { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        summary: "Open a secure link: sends an OTP to the candidate's phone (410 when expired or used)",
        tags,
        body: linkOtpRequestSchema,
        response: { 200: linkOtpResponseSchema, ...errors },
      },
    },
    async (request) => links.linkOtp(request.body.token, callContext(request)),
  );

  app.post(
    '/api/candidate/v1/form/link/otp/verify',
    {
      config: app.config.rateLimitMax === 0 ? {} : { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        summary: 'Verify the OTP: spends the link, answers a ROLE_CNL session for the own form (mode=verifyTokenLink)',
        tags,
        body: linkVerifyRequestSchema,
        response: { 200: linkVerifyResponseSchema, ...errors },
      },
    },
    async (request) => links.linkVerify(request.body, callContext(request)),
  );

  app.get(
    '/api/candidate/v1/form/find',
    {
      schema: {
        summary: 'The own form (candidate), or ?candidateNumber= (recruiters)',
        tags,
        security,
        querystring: candidateNumberQuerySchema,
        response: { 200: candidateSchema, ...errors },
      },
    },
    async (request) => forms.findForm(callerOf(request), request.query.candidateNumber),
  );

  app.get(
    '/api/candidate/v1/find',
    {
      schema: {
        summary: "Search candidates (agency admin: the agency's; advisor: their recruits)",
        tags,
        security,
        querystring: findCandidatesQuerySchema,
        response: { 200: findCandidatesResponseSchema, ...errors },
      },
    },
    async (request) => forms.list(callerOf(request), request.query),
  );

  app.get(
    '/api/candidate/v1/find/:id',
    {
      schema: {
        summary: 'One candidate with documents and stage history',
        tags,
        security,
        params: candidateIdParamsSchema,
        response: { 200: candidateSchema, ...errors },
      },
    },
    async (request) => forms.findOne(callerOf(request), request.params.id),
  );

  app.post(
    '/api/candidate/v1/form/update/:id',
    {
      schema: {
        summary: 'Save the form (draft or returned only; stale version -> 409)',
        tags,
        security,
        params: candidateIdParamsSchema,
        body: candidateUpdateSchema(now),
        response: { 200: candidateSchema, ...errors },
      },
    },
    async (request) => forms.update(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/candidate/v1/form/submit/:id',
    {
      schema: {
        summary: 'Submit the form for review (422 lists what is missing; a given version must be current)',
        tags,
        security,
        params: candidateIdParamsSchema,
        body: versionBodySchema,
        response: { 200: candidateSchema, ...errors },
      },
    },
    async (request) => forms.submit(callerOf(request), request.params.id, request.body.version),
  );

  app.post(
    '/api/candidate/v1/form/review',
    {
      schema: {
        summary: 'Agency admin: approve, return with comments, or assign an ITC class',
        tags,
        security,
        body: reviewRequestSchema,
        response: { 200: candidateSchema, ...errors },
      },
    },
    async (request) => review.review(callerOf(request), request.body),
  );

  app.get(
    '/api/candidate/v1/itc/classes',
    {
      schema: { summary: 'ITC classes from today on', tags, security, response: { 200: itcClassesResponseSchema, ...errors } },
    },
    async () => review.itcClasses(),
  );

  app.get(
    '/api/candidate/v1/documents/find/:id',
    {
      schema: {
        summary: "A candidate's documents (id = candidate id)",
        tags,
        security,
        params: candidateIdParamsSchema,
        response: { 200: z.object({ items: z.array(candidateDocumentSchema) }), ...errors },
      },
    },
    async (request) => documents.listDocuments(callerOf(request), request.params.id),
  );

  app.post(
    '/api/candidate/v1/document/delete/:id',
    {
      schema: {
        summary: 'Delete a document (id = document id; draft or returned only)',
        tags,
        security,
        params: candidateIdParamsSchema,
        response: { 200: okSchema, ...errors },
      },
    },
    async (request) => documents.deleteDocument(callerOf(request), request.params.id),
  );

  app.get(
    '/api/candidate/v1/document/download',
    {
      schema: { summary: 'Download a document (?id=)', tags, security, querystring: documentQuerySchema, response: errors },
    },
    async (request, reply) => sendFile(reply, await documents.downloadDocument(callerOf(request), request.query.id)),
  );

  app.get(
    '/api/candidate/v1/contract/download',
    {
      config: { rendersPdf: true },
      schema: {
        summary: 'The contract to review, as a PDF (?candidateId=&lang=)',
        tags,
        security,
        querystring: candidateQuerySchema,
        response: { ...errors, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await documents.contractPdf(callerOf(request), request.query.candidateId, request.query.lang);
      return sendFile(reply, { fileName, mediaType: 'application/pdf', data: pdf });
    },
  );

  app.get(
    '/api/candidate/v1/irc/find',
    {
      schema: {
        summary: 'Candidates awaiting or holding an IRC licence (?q=)',
        tags,
        security,
        querystring: ircListQuerySchema,
        response: { 200: findCandidatesResponseSchema, ...errors },
      },
    },
    async (request) => licences.ircList(callerOf(request), request.query.q),
  );

  app.get(
    '/api/candidate/v1/irc/download',
    {
      schema: {
        summary: "A candidate's IRC licence file (?candidateId=)",
        tags,
        security,
        querystring: candidateQuerySchema,
        response: errors,
      },
    },
    async (request, reply) => sendFile(reply, await licences.downloadIrc(callerOf(request), request.query.candidateId)),
  );

  app.get(
    '/api/candidate/v1/:reportName/download',
    {
      config: { rendersPdf: true },
      schema: {
        summary: 'A candidate report: `contract` (same as contract/download)',
        tags,
        security,
        params: z.object({ reportName: z.string().max(40) }),
        querystring: candidateQuerySchema,
        response: { ...errors, 503: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      if (request.params.reportName !== 'contract') throw AppError.http(404);
      const { fileName, pdf } = await documents.contractPdf(callerOf(request), request.query.candidateId, request.query.lang);
      return sendFile(reply, { fileName, mediaType: 'application/pdf', data: pdf });
    },
  );

  // Uploads in their own context: only these routes parse multipart bodies (the JSON routes answer 415 to one).
  await app.register(async (uploads) => {
    await uploads.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 6, parts: 8, fieldSize: 1024 } });
    uploads.post(
      '/api/candidate/v1/document/upload',
      {
        schema: {
          summary: 'Upload a recruitment document: multipart candidateId, documentType, file (pdf/png, <= 5 MB)',
          tags,
          security,
          response: { 201: candidateDocumentSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { fields, file } = await readMultipart(request);
        return reply.status(201).send(await documents.uploadDocument(caller, fields.candidateId, fields.documentType, file));
      },
    );
    uploads.post(
      '/api/candidate/v1/contract/upload',
      {
        schema: {
          summary: 'Agency admin: the countersigned contract (multipart candidateId, file)',
          tags,
          security,
          response: { 201: candidateDocumentSchema, ...uploadErrors },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const { fields, file } = await readMultipart(request);
        return reply.status(201).send(await documents.uploadCountersigned(caller, fields.candidateId, file));
      },
    );
    uploads.post(
      '/api/candidate/v1/irc/upload',
      {
        schema: {
          summary: 'Upload an IRC licence: multipart candidateId, licenceNumber, file; the candidate becomes licensed',
          tags,
          security,
          response: { 200: candidateSchema, ...uploadErrors },
        },
      },
      async (request) => {
        const caller = callerOf(request);
        const { fields, file } = await readMultipart(request);
        return licences.uploadIrc(caller, fields.candidateId, fields.licenceNumber, file);
      },
    );
  });
};
