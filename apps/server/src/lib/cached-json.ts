import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { safeEncode, type $ZodType } from 'zod/v4/core';
import type { CachedAnswer, ResponseCache } from './response-cache';

/** The content type a route sets when it returns a `cachedJson` body (sent as is, not serialized again). */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * The JSON answer for `key`: from the response cache, or built, checked and serialized exactly
 * as the route's response schema would be by fastify-type-provider-zod (encode, then
 * JSON.stringify), and kept under `tags`. `build` returns the value and what the audit trail
 * records of it, so a cache hit is audited like a miss. Concurrent callers of one key share one
 * build (ResponseCache.answer). Errors are never cached.
 */
export async function cachedJson(
  cache: ResponseCache,
  key: string,
  tags: readonly string[],
  schema: $ZodType,
  build: () => Promise<{ value: unknown; auditDetails?: Record<string, unknown> }>,
  route: { method: string; url: string },
): Promise<CachedAnswer> {
  return cache.answer(key, tags, async () => {
    const { value, auditDetails } = await build();
    const result = safeEncode(schema, value);
    if (result.error) throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
    return { body: JSON.stringify(result.data), ...(auditDetails ? { auditDetails } : {}) };
  });
}

/**
 * A `cachedJson` answer for `reply.type(JSON_CONTENT_TYPE).send(...)`: Fastify sends a string with
 * a JSON content type as is, without serializing it again (fastify/lib/reply.js). Typed `never`
 * because the route's typed reply only knows the schema's object type.
 */
export function serialized(answer: CachedAnswer): never {
  return answer.body as never;
}
