import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { activityResponseSchema, createActivityRequestSchema } from '@portal/domain/contracts/activities/create-activity';
import { deleteActivityResponseSchema } from '@portal/domain/contracts/activities/delete-activity';
import { findActivitiesQuerySchema, findActivitiesResponseSchema } from '@portal/domain/contracts/activities/find-activities';
import { findActivityResponseSchema } from '@portal/domain/contracts/activities/find-activity';
import { updateActivityRequestSchema } from '@portal/domain/contracts/activities/update-activity';
import { recordIdParamsSchema } from '@portal/domain/contracts/contacts/contact-id';
import { callerOf } from '../../plugins/caller';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const tags = ['activity'];
const security = [{ bearerAuth: [] }];

/** Sales activity calls of spec §7 (v2). Advisors only (access policy); own contacts only (service). */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.activities;

  app.post(
    '/api/contact/v2/activity/create',
    {
      schema: {
        summary: "Create a sales activity on one of the caller's contacts",
        tags,
        security,
        body: createActivityRequestSchema,
        response: { 201: activityResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );

  app.post(
    '/api/contact/v2/activity/update/:id',
    {
      schema: {
        summary: 'Update a sales activity (send the version read; stale -> 409)',
        tags,
        security,
        params: recordIdParamsSchema,
        body: updateActivityRequestSchema,
        response: { 200: activityResponseSchema, 409: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );

  app.post(
    '/api/contact/v2/activity/delete/:id',
    {
      schema: {
        summary: 'Delete a sales activity',
        tags,
        security,
        params: recordIdParamsSchema,
        response: { 200: deleteActivityResponseSchema, ...errors },
      },
    },
    async (request) => service.delete(callerOf(request), request.params.id),
  );

  app.get(
    '/api/contact/v2/activity/find',
    {
      schema: {
        summary: 'Own sales activities (one contact or all), recent or upcoming, with a cursor',
        tags,
        security,
        querystring: findActivitiesQuerySchema,
        response: { 200: findActivitiesResponseSchema, ...errors },
      },
    },
    async (request) => service.list(callerOf(request), request.query),
  );

  app.get(
    '/api/contact/v2/activity/find/:id',
    {
      schema: {
        summary: 'One sales activity',
        tags,
        security,
        params: recordIdParamsSchema,
        response: { 200: findActivityResponseSchema, ...errors },
      },
    },
    async (request) => service.find(callerOf(request), request.params.id),
  );
};
