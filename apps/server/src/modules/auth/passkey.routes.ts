import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type * as z from 'zod';
import {
  passkeyRegistrationOptionsRequestSchema,
  passkeyRegistrationOptionsResponseSchema,
  type PasskeyRegistrationOptionsResponse,
} from '@portal/domain/contracts/auth/passkey-registration-options';
import { bindPasskeyRequestSchema, bindPasskeyResponseSchema } from '@portal/domain/contracts/auth/bind-passkey';
import { listPasskeysResponseSchema } from '@portal/domain/contracts/auth/list-passkeys';
import { deletePasskeyRequestSchema, deletePasskeyResponseSchema } from '@portal/domain/contracts/auth/delete-passkey';
import {
  passkeyAuthenticationOptionsRequestSchema,
  passkeyAuthenticationOptionsResponseSchema,
  type PasskeyAuthenticationOptionsResponse,
} from '@portal/domain/contracts/auth/passkey-authentication-options';
import { passkeyLoginRequestSchema, passkeyLoginResponseSchema } from '@portal/domain/contracts/auth/passkey-login';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { AppError } from '../../lib/app-error';
import { AUTH_RATE_LIMITS } from './auth.constants';
import { callContext, type AuthServices } from './auth-services';

function userId(request: FastifyRequest): string {
  if (!request.user) throw AppError.http(401);
  return request.user.id;
}

function originOf(request: FastifyRequest) {
  return { protocol: request.protocol, host: request.host, hostname: request.hostname };
}

/** Passkeys: registration (signed in, after a verified profile OTP), list, delete, sign-in. */
export function registerPasskeyRoutes(parent: FastifyInstance, services: AuthServices, errors: Record<number, z.ZodType>): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const limit: FastifyContextConfig = app.config.rateLimitMax === 0 ? {} : { rateLimit: AUTH_RATE_LIMITS.passkey };
  const signedIn = [{ bearerAuth: [] }];

  app.post(
    '/api/auth/v1/attestations',
    {
      config: limit,
      schema: {
        summary: 'Passkey registration options',
        tags: ['auth'],
        security: signedIn,
        body: passkeyRegistrationOptionsRequestSchema,
        response: { 200: passkeyRegistrationOptionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const options = await services.passkeys.registrationOptions(userId(request), request.body.requestCode);
      return options as unknown as PasskeyRegistrationOptionsResponse;
    },
  );

  app.post(
    '/api/auth/v1/bind',
    {
      config: limit,
      schema: {
        summary: 'Register a passkey (verify the attestation)',
        tags: ['auth'],
        security: signedIn,
        body: bindPasskeyRequestSchema,
        response: { 200: bindPasskeyResponseSchema, ...errors },
      },
    },
    async (request) =>
      services.passkeys.bind(
        userId(request),
        { ...request.body, response: request.body.response as unknown as RegistrationResponseJSON },
        services.passkeys.expectedOrigins(originOf(request)),
        callContext(request),
      ),
  );

  app.get(
    '/api/auth/v1/webauthn',
    {
      schema: {
        summary: "The caller's passkeys",
        tags: ['auth'],
        security: signedIn,
        response: { 200: listPasskeysResponseSchema, ...errors },
      },
    },
    async (request) => services.passkeys.list(userId(request)),
  );

  app.post(
    '/api/auth/v1/delete/webauthn',
    {
      schema: {
        summary: "Delete one of the caller's passkeys",
        tags: ['auth'],
        security: signedIn,
        body: deletePasskeyRequestSchema,
        response: { 200: deletePasskeyResponseSchema, ...errors, 404: errorEnvelopeSchema },
      },
    },
    async (request) => {
      await services.passkeys.remove(userId(request), request.body.id, callContext(request));
      return { ok: true as const };
    },
  );

  app.post(
    '/api/auth/v1/assertions',
    {
      config: limit,
      schema: {
        summary: 'Passkey sign-in options',
        tags: ['auth'],
        body: passkeyAuthenticationOptionsRequestSchema,
        response: { 200: passkeyAuthenticationOptionsResponseSchema, ...errors },
      },
    },
    async () => (await services.passkeys.authenticationOptions()) as unknown as PasskeyAuthenticationOptionsResponse,
  );

  app.post(
    '/api/auth/v1/webauthn',
    {
      config: limit,
      schema: {
        summary: 'Passkey sign-in (verify the assertion); answers the session',
        tags: ['auth'],
        body: passkeyLoginRequestSchema,
        response: { 200: passkeyLoginResponseSchema, ...errors },
      },
    },
    async (request) =>
      services.passkeys.login(
        request.body.response as unknown as AuthenticationResponseJSON,
        services.passkeys.expectedOrigins(originOf(request)),
        callContext(request),
      ),
  );
}
