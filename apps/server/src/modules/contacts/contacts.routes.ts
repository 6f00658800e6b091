import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { buildCreateContactRequestSchema, contactResponseSchema } from '@portal/domain/contracts/contacts/create-contact';
import { recordIdParamsSchema } from '@portal/domain/contracts/contacts/contact-id';
import { findContactResponseSchema } from '@portal/domain/contracts/contacts/find-contact';
import { findContactWithActivitiesResponseSchema } from '@portal/domain/contracts/contacts/find-contact-with-activities';
import { findContactsQuerySchema, findContactsResponseSchema } from '@portal/domain/contracts/contacts/find-contacts';
import { pageContactsQuerySchema, pageContactsResponseSchema } from '@portal/domain/contracts/contacts/page-contacts';
import { removeContactResponseSchema } from '@portal/domain/contracts/contacts/remove-contact';
import { buildUpdateContactRequestSchema } from '@portal/domain/contracts/contacts/update-contact';
import { callerOf } from '../../plugins/caller';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const tags = ['contact'];
const security = [{ bearerAuth: [] }];

/**
 * Contact calls of spec §7. Who may call them is api/access-policy.ts (advisors);
 * which contacts they see is the service's business (their own; others are 404).
 */
export const contactRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.contacts;
  // "Not later than today" reads the app's clock, as the services do.
  const now = () => app.services.clock.now();
  const createContactRequestSchema = buildCreateContactRequestSchema({ now });
  const updateContactRequestSchema = buildUpdateContactRequestSchema({ now });

  app.post(
    '/api/contact/v1/create',
    {
      schema: {
        summary: 'Create a contact',
        tags,
        security,
        body: createContactRequestSchema,
        response: { 201: contactResponseSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await service.create(callerOf(request), request.body)),
  );

  app.post(
    '/api/contact/v1/update/:id',
    {
      schema: {
        summary: 'Update a contact (optimistic locking: send the version read; stale -> 409)',
        tags,
        security,
        params: recordIdParamsSchema,
        body: updateContactRequestSchema,
        response: { 200: contactResponseSchema, 409: errorEnvelopeSchema, ...errors },
      },
    },
    async (request) => service.update(callerOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/contact/v1/page',
    {
      schema: {
        summary: 'Own contacts by page number, newest change first',
        tags,
        security,
        querystring: pageContactsQuerySchema,
        response: { 200: pageContactsResponseSchema, ...errors },
      },
    },
    async (request) => service.page(callerOf(request), request.query),
  );

  app.get(
    '/api/contact/v2/find',
    {
      schema: {
        summary: 'Search own contacts (name, Khmer name, phone, ID number; >= 3 characters), with filters and a cursor',
        tags,
        security,
        querystring: findContactsQuerySchema,
        response: { 200: findContactsResponseSchema, ...errors },
      },
    },
    async (request) => service.search(callerOf(request), request.query),
  );

  app.get(
    '/api/contact/v1/find/:id',
    {
      schema: {
        summary: 'One contact',
        tags,
        security,
        params: recordIdParamsSchema,
        response: { 200: findContactResponseSchema, ...errors },
      },
    },
    async (request) => service.find(callerOf(request), request.params.id),
  );

  app.get(
    '/api/contact/v2/find/:id',
    {
      schema: {
        summary: 'One contact with its sales activities',
        tags,
        security,
        params: recordIdParamsSchema,
        response: { 200: findContactWithActivitiesResponseSchema, ...errors },
      },
    },
    async (request) => service.findWithActivities(callerOf(request), request.params.id),
  );

  app.post(
    '/api/contact/v1/remove/:id',
    {
      schema: {
        summary: 'Remove a contact (soft delete, with its activities)',
        tags,
        security,
        params: recordIdParamsSchema,
        response: { 200: removeContactResponseSchema, ...errors },
      },
    },
    async (request) => service.remove(callerOf(request), request.params.id),
  );
};
