import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEED_CATALOGUES } from '@portal/domain/catalogue/seed-catalogues';
import { findBasePlansQuerySchema, findBasePlansResponseSchema } from '@portal/domain/contracts/products/find-base-plans';
import { findProductTypesResponseSchema } from '@portal/domain/contracts/products/find-product-types';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { definePlugin } from '../../plugins/define-plugin';
import { CatalogueRepository } from './catalogue.repository';
import { loadCatalogueStore, type CatalogueStore } from './catalogue.service';
import { ProductsService } from './products.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The product catalogue versions, seeded and read back from the catalogue_* tables at start (in memory). */
    catalogue: CatalogueStore;
  }
}

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const tags = ['product'];
const security = [{ bearerAuth: [] }];

/**
 * The product catalogue (issue 5): at registration it seeds every catalogue version of
 * packages/domain/src/catalogue missing from the tables (every mode, idempotent) and loads them
 * into `app.catalogue` (not encapsulated: the engine and proposal modules read it). Then the
 * product calls of spec §7, answered from memory.
 */
export const productRoutes = definePlugin('products', async (app) => {
  const store = await loadCatalogueStore(new CatalogueRepository(app.db), SEED_CATALOGUES, todayInPhnomPenh(new Date()), app.log);
  app.decorate('catalogue', store);
  await app.register(productCalls, { store });
});

const productCalls: FastifyPluginAsyncZod<{ store: CatalogueStore }> = async (app, { store }) => {
  const service = new ProductsService(store);

  app.get('/api/product/v1/types', {
    schema: { summary: 'Package types (health, life, save) with their products', tags, security, response: { 200: findProductTypesResponseSchema, ...errors } },
  }, async () => service.types());

  app.get('/api/product/v1/', {
    schema: {
      summary: 'Base products with plans, terms, limits and riders; include=rates adds the whole catalogue for the browser engine', tags, security,
      querystring: findBasePlansQuerySchema, response: { 200: findBasePlansResponseSchema, ...errors },
    },
  }, async (request) => service.basePlans(request.query));
};
