import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SEED_CATALOGUES } from '@portal/domain/catalogue/seed-catalogues';
import { findBasePlansQuerySchema, findBasePlansResponseSchema } from '@portal/domain/contracts/products/find-base-plans';
import { findProductTypesResponseSchema } from '@portal/domain/contracts/products/find-product-types';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';
import { definePlugin } from '../../plugins/define-plugin';
import { permittedProductsFor } from '../agent-products/product-permission';
import { CatalogueRepository } from './catalogue.repository';
import { loadCatalogueStore, type CatalogueStore } from './catalogue.service';
import { ProductsService } from './products.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** The product catalogue versions, seeded and read back from the catalogue_* tables at start (in memory); `current` follows today's date. */
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
  const store = await loadCatalogueStore(new CatalogueRepository(app.db), SEED_CATALOGUES, app.log);
  app.decorate('catalogue', store);
  await app.register(productCalls, { store });
});

/** One answer, serialised once (and gzipped once, when large), per catalogue version and query. */
interface CachedAnswer {
  json: string;
  gzip?: Buffer;
}

/** Below this many bytes gzip is not worth a header. */
const GZIP_FROM_BYTES = 1024;

const productCalls: FastifyPluginAsyncZod<{ store: CatalogueStore }> = async (app, { store }) => {
  const service = new ProductsService(store);
  const permittedProducts = (request: FastifyRequest) => (request.user ? permittedProductsFor(app.db, request.user.id) : undefined);
  // The answers depend only on the (immutable) catalogue version and the query: each is checked
  // against its response schema and serialised once, then sent as the same bytes. Large ones
  // (the catalogue for the browser engine, ~75 KB) go gzipped (~15 KB) to clients that accept it.
  const cache = new Map<string, CachedAnswer>();
  const answer = (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => unknown,
    schema: { parse(value: unknown): unknown },
  ): FastifyReply => {
    const id = `${store.current.version}|${key}`;
    let entry = cache.get(id);
    if (entry === undefined) {
      entry = { json: JSON.stringify(schema.parse(build())) };
      if (cache.size < 200) cache.set(id, entry);
    }
    reply.type('application/json; charset=utf-8');
    const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    if (entry.json.length >= GZIP_FROM_BYTES) {
      reply.header('vary', 'accept-encoding');
      if (acceptsGzip) {
        entry.gzip ??= gzipSync(entry.json);
        // Fastify sends a Buffer or string payload as it is (no second serialisation).
        return reply.header('content-encoding', 'gzip').send(entry.gzip as never);
      }
    }
    return reply.send(entry.json as never);
  };

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
    async (request, reply) => {
      const permitted = await permittedProducts(request);
      return answer(request, reply, `types|${permitted?.join(',') ?? '*'}`, () => service.types(permitted), findProductTypesResponseSchema);
    },
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
    async (request, reply) => {
      const { productCode, packageType, include } = request.query;
      const permitted = await permittedProducts(request);
      const key = `plans|${productCode ?? ''}|${packageType ?? ''}|${include ?? ''}|${permitted?.join(',') ?? '*'}`;
      return answer(request, reply, key, () => service.basePlans(request.query, permitted), findBasePlansResponseSchema);
    },
  );
};
