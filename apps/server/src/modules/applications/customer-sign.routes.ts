import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  openSignLinkRequestSchema,
  openSignLinkResponseSchema,
  SIGN_TOKEN_HEADER,
  signCodeResponseSchema,
  signDeclarationRequestSchema,
  signDeclarationResponseSchema,
  signSummaryQuerySchema,
  signSummarySchema,
  verifySignCodeRequestSchema,
} from '@portal/domain/contracts/applications/remote-signature';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import * as z from 'zod';
import { AppError } from '../../lib/app-error';
import { callContext } from '../auth/auth-services';
import type { SignSession } from './remote-sign.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signer's session on the customer routes, set by their session check. */
    signSession: SignSession | null;
  }
}

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  410: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const tags = ['customer'];

function sessionToken(request: FastifyRequest): string | undefined {
  const value = request.headers[SIGN_TOKEN_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/**
 * The signer's page of a remote signature (contracts/applications/remote-signature.ts): no
 * account, so public routes; the link's token, then the session token, are the only permission.
 */
export const customerSignRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.remoteSign;
  const limited = (max: number) => (app.config.rateLimitMax === 0 ? {} : { rateLimit: { max, timeWindow: 60_000 } });
  // The session token is the caller: without a valid one, 401 before the body is read or validated.
  // Its link owns the call's Idempotency-Key (plugins/idempotency.ts), so a signature sent again
  // after a lost answer gets the first answer back.
  app.decorateRequest('signSession', null);
  const session = async (request: FastifyRequest) => {
    const found = await service.sessionOf(sessionToken(request));
    if (found === null) throw AppError.http(401);
    request.signSession = found;
    request.idempotencySubject = found.linkId;
  };
  const signer = (request: FastifyRequest): SignSession => {
    if (request.signSession === null) throw AppError.http(401);
    return request.signSession;
  };

  app.post(
    '/api/customer/v1/sign/open',
    {
      config: { roles: 'public', ...limited(10) },
      schema: {
        summary: 'Open the signing link from the SMS: spends it, sends a one-time code, answers a session token (410 when expired or used)',
        tags,
        body: openSignLinkRequestSchema,
        response: { 200: openSignLinkResponseSchema, ...errors },
      },
    },
    async (request) => service.open(request.body.token, callContext(request)),
  );

  app.post(
    '/api/customer/v1/sign/code',
    {
      onRequest: session,
      config: { roles: 'public', ...limited(10) },
      schema: {
        summary: `Send another one-time code for the session (${SIGN_TOKEN_HEADER} header)`,
        tags,
        response: { 201: signCodeResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.resend(signer(request), callContext(request))),
  );

  app.post(
    '/api/customer/v1/sign/verify',
    {
      onRequest: session,
      config: { roles: 'public', ...limited(20) },
      schema: {
        summary: 'Check the one-time code; the fifth wrong code revokes the link (410)',
        tags,
        body: verifySignCodeRequestSchema,
        response: { 200: z.object({ verified: z.literal(true) }), ...errors },
      },
    },
    async (request) => service.verify(signer(request), request.body.code, callContext(request)),
  );

  app.get(
    '/api/customer/v1/sign/summary',
    {
      onRequest: session,
      config: { roles: 'public', ...limited(30) },
      schema: {
        summary: 'The summary of the application to read and sign, in lang=en|km (after the code)',
        tags,
        querystring: signSummaryQuerySchema,
        response: { 200: signSummarySchema, ...errors },
      },
    },
    async (request) => service.summary(signer(request), request.query.lang),
  );

  app.post(
    '/api/customer/v1/sign',
    {
      onRequest: session,
      config: { roles: 'public', ...limited(10) },
      schema: {
        summary: 'Sign the declaration with a drawn signature; 409 when the application changed since the summary was read',
        tags,
        body: signDeclarationRequestSchema,
        response: { 201: signDeclarationResponseSchema, 409: errorEnvelopeSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.sign(signer(request), request.body, callContext(request))),
  );
};
