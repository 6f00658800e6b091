import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findBasePlansQuerySchema, findBasePlansResponseSchema } from '@portal/domain/contracts/products/find-base-plans';
import { findProductTypesResponseSchema } from '@portal/domain/contracts/products/find-product-types';
import { errorEnvelopeSchema } from '@portal/domain/errors/error-envelope';

const errors = { 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 422: errorEnvelopeSchema };
const tags = ['product'];
const security = [{ bearerAuth: [] }];

/** One answer, serialised once (and gzipped once, when large), per catalogue version and query. */
interface CachedAnswer {
  json: string;
  gzip?: Buffer;
}

/** Below this many bytes gzip is not worth a header. */
const GZIP_FROM_BYTES = 1024;

/**
 * The product calls of spec §7, answered from the in-memory catalogue (`app.services.catalogue`,
 * seeded into and read back from the catalogue_* tables when the services are built).
 */
export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  const { catalogue: store, products: service } = app.services;
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
    async (request, reply) => answer(request, reply, 'types', () => service.types(), findProductTypesResponseSchema),
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
      const key = `plans|${productCode ?? ''}|${packageType ?? ''}|${include ?? ''}`;
      return answer(request, reply, key, () => service.basePlans(request.query), findBasePlansResponseSchema);
    },
  );
};
