import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { dashboardResponseSchema } from '@portal/domain/contracts/user/dashboard';
import { profileResponseSchema, profileUpdateRequestSchema, profileUpdateResponseSchema } from '@portal/domain/contracts/user/profile';
import { AppError } from '../../lib/app-error';
import { callerOf } from '../../plugins/caller';

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};
const tags = ['user'];
const security = [{ bearerAuth: [] }];

/**
 * The user calls of spec §7: the profile and the dashboard. POST /api/user/v1/profile's
 * `changePassword` is the auth password service, called through the profile service.
 */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { profiles, dashboards } = app.services;

  app.get(
    '/api/user/v1/profile',
    {
      schema: {
        summary: "The signed-in user's profile and active sessions",
        tags,
        security,
        response: { 200: profileResponseSchema, ...errors },
      },
    },
    async (request) => profiles.profile(callerOf(request)),
  );

  app.post(
    '/api/user/v1/profile',
    {
      schema: {
        summary: 'Profile actions: changePassword, updateContact (verified profile OTP), setLanguage, signOutOtherSessions, signOutSession',
        tags,
        security,
        body: profileUpdateRequestSchema,
        response: { 200: profileUpdateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const body = request.body;
      switch (body.action) {
        case 'changePassword':
          await app.services.auth.passwords.change({ userId: caller.user.id, sessionId: caller.sessionId }, body, caller);
          return { ok: true as const };
        case 'updateContact':
          return profiles.updateContact(caller, body);
        case 'setLanguage':
          return profiles.setLanguage(caller, body.preferredLang);
        case 'signOutOtherSessions':
          return profiles.signOutOthers(caller);
        case 'signOutSession':
          return profiles.signOutSession(caller, body.sessionId);
      }
    },
  );

  app.get(
    '/api/user/v1/dashboard',
    {
      schema: {
        summary: "The caller's figures at a glance (agency staff: the agency's), one round trip",
        tags,
        security,
        response: { 200: dashboardResponseSchema, ...errors },
      },
    },
    async (request) => {
      if (!request.user) throw AppError.http(401);
      return dashboards.dashboard(request.user);
    },
  );
};
