import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AGENCY_USER_ACTIONS } from '@portal/domain/contracts/agency-users/agency-user-actions';
import { agencyUserActionResponseSchema } from '@portal/domain/contracts/agency-users/agency-user-actions';
import { agencyUserHistoryResponseSchema } from '@portal/domain/contracts/agency-users/agency-user-history';
import { agencyUserListResponseSchema, agencyUserParamsSchema } from '@portal/domain/contracts/agency-users/list-agency-users';
import { ACCESS_POLICY } from '@portal/domain/api/access-policy';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { callerOf } from '../../plugins/caller';

const errors = {
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};
const tags = ['agency-users'];
const security = [{ bearerAuth: [] }];
// Beyond spec §7: the agency admin's alone, like the other agency-admin calls.
const config = { roles: ACCESS_POLICY['GET /api/agent-product/v1/find/{id}'] };

const SUMMARIES = {
  deactivate: "Deactivate a user of the caller's agency (not the caller): their sessions end and they cannot sign in",
  reactivate: 'Reactivate a deactivated user: they may sign in again',
  unlock: 'Lift the lock that wrong passwords or wrong codes put on the account',
  'reset-passkeys': 'Delete every passkey of the user (they sign in with password and code until they add one)',
  'send-set-password-link': 'Send the user their username and the set-password link again (SMS, else e-mail)',
} as const;

/** The agency admin's users screen (agency admin; users of their own agency only, others 404). */
export const agencyUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.agencyUsers;

  app.get(
    '/api/agency/v1/users',
    {
      config,
      schema: {
        summary: "The users of the caller's agency, with their status, lock, passkeys and last sign-in",
        tags,
        security,
        response: { 200: agencyUserListResponseSchema, ...errors },
      },
    },
    async (request) => service.list(callerOf(request)),
  );

  app.get(
    '/api/agency/v1/users/:id/history',
    {
      config,
      schema: {
        summary: "What happened to the user's account, newest first",
        tags,
        security,
        params: agencyUserParamsSchema,
        response: { 200: agencyUserHistoryResponseSchema, ...errors },
      },
    },
    async (request) => service.history(callerOf(request), request.params.id),
  );

  for (const action of AGENCY_USER_ACTIONS) {
    app.post(
      `/api/agency/v1/users/:id/${action}`,
      {
        config,
        schema: {
          summary: SUMMARIES[action],
          tags,
          security,
          params: agencyUserParamsSchema,
          response: { 200: agencyUserActionResponseSchema, ...errors },
        },
      },
      async (request) => service.act(callerOf(request), request.params.id, action),
    );
  }
};
