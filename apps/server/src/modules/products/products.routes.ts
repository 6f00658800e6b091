import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findBasePlansQuerySchema, findBasePlansResponseSchema } from '@portal/domain/contracts/products/find-base-plans';
import { findProductTypesResponseSchema } from '@portal/domain/contracts/products/find-product-types';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const tags = ['product'];
const security = [{ bearerAuth: [] }];

/**
 * The product calls of spec §7, answered from the in-memory catalogue (`app.services.catalogue`,
 * seeded into and read back from the catalogue_* tables when the services are built). Large
 * answers (the catalogue for the browser engine) are compressed by plugins/compression.ts.
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = app.services.products;
  // An advisor limited to some products is offered only those, read afresh on every call.
  const permitted = (request: FastifyRequest) =>
    request.user ? app.services.productPermissions.permitted(request.user.id) : Promise.resolve(undefined);

  app.get(
    '/api/product/v1/types',
    {
      schema: {
        summary: 'Package types (health, life, save) with their products',
        tags,
        security,
        response: { 200: findProductTypesResponseSchema, ...errors },
      },
    },
    async (request) => service.types(await permitted(request)),
  );

  app.get(
    '/api/product/v1/',
    {
      schema: {
        summary: 'Base products with plans, terms, limits and riders; include=rates adds the whole catalogue for the browser engine',
        tags,
        security,
        querystring: findBasePlansQuerySchema,
        response: { 200: findBasePlansResponseSchema, ...errors },
      },
    },
    async (request) => service.basePlans(request.query, await permitted(request)),
  );
};
