import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER as IDEMPOTENCY_HEADER_NAME, IDEMPOTENT_SEGMENTS, isIdempotentRoute } from '@portal/domain/api/idempotency';
import { AppError } from '../lib/app-error';
import { RETENTION } from '../modules/maintenance/retention.policy';
import fp from 'fastify-plugin';
import type { IdempotencyClaim as Claim } from './idempotency.repository';

/**
 * `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header) on every create and submit,
 * so a retried request (a lost answer, a double tap, a flaky network) stores nothing twice.
 *
 * Which routes: @portal/domain/api/idempotency (every POST whose path has a segment `create`,
 * `submit`, `init`, `upload` or `convert`, or ends in `sign`), read from the route itself, so a
 * module that adds such a route is covered without registering anything. The key is optional;
 * without it a request runs as before.
 *
 * Whose keys: the signed-in user's, or on a customer page (no account) the subject its route's
 * own token check names (`request.idempotencySubject`: the signing link of a remote signature).
 *
 * What happens, per caller + route + key (the caller's own keys only):
 * - the first request claims the key (`pending`) and runs; its answer is stored (`done`) when it
 *   is a 2xx or a 4xx other than 409/429, and a retry gets that answer back byte for byte with
 *   `Idempotent-Replayed: true`. A 5xx, 409, 429 or a streamed answer releases the key: the
 *   retry runs afresh;
 * - a duplicate that arrives while the first still runs waits for its answer (up to
 *   WAIT_MS) and replays it; if the first is still running after that: 409 + Retry-After;
 * - the same key with a different request (path, query or JSON body; a multipart body is a
 *   stream and is not part of the fingerprint) is refused with 422 and
 *   `errors: [{ field: 'Idempotency-Key', key: 'unmatched' }]`, the draft's status for a
 *   reused key. A key that is not 1-255 visible ASCII characters is 400;
 * - keys expire after RETENTION_MS (24 h): the retention sweep deletes them (modules/maintenance),
 *   and an expired key the sweep has not reached yet is treated as new. A `pending` key older than STALE_MS (its process died) is taken over.
 */
export { IDEMPOTENT_SEGMENTS, isIdempotentRoute };
/** Node's lower-case form of the header's name. */
export const IDEMPOTENCY_HEADER = IDEMPOTENCY_HEADER_NAME.toLowerCase();
export const REPLAYED_HEADER = 'idempotent-replayed';
export const RETENTION_MS = RETENTION.idempotencyKeysMs;
const STALE_MS = 60_000;
/** Below the server's shutdown grace (10 s), so a waiting duplicate never holds up a clean stop. */
const WAIT_MS = 8_000;
const POLL_MS = 25;
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request owns an Idempotency-Key claim; onSend stores or releases it. */
    idempotencyClaim: Claim | null;
    /** Who owns the keys of a caller without an account (a customer route's token), else null. */
    idempotencySubject: string | null;
  }
}

function fingerprintOf(request: FastifyRequest): string {
  const multipart = request.isMultipart?.() ?? false;
  const body = multipart ? null : (request.body ?? null);
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.url, body]))
    .digest('hex');
}

function storable(status: number, payload: unknown): payload is string | Buffer {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return false;
  return (status >= 200 && status < 300) || (status >= 400 && status < 500 && status !== 409 && status !== 429);
}

/** A route option's hooks as a list (Fastify takes one function or an array). */
function asList<T>(hooks: T | T[] | undefined): T[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const idempotencyPlugin = fp(
  async (app) => {
    app.decorateRequest('idempotencyClaim', null);
    app.decorateRequest('idempotencySubject', null);
    const keys = app.services.idempotencyKeys;

    function replay(
      reply: FastifyReply,
      row: { responseStatus: number | null; responseType: string | null; responseBody: string | null },
    ): FastifyReply {
      return reply
        .status(row.responseStatus ?? 200)
        .header('content-type', row.responseType ?? 'application/json; charset=utf-8')
        .header(REPLAYED_HEADER, 'true')
        .send(row.responseBody ?? '');
    }

    /** The signed-in user, or the subject of a customer route's token. */
    const subjectOf = (request: FastifyRequest): string | null => request.user?.id ?? request.idempotencySubject;

    const applies = (request: FastifyRequest): boolean => {
      const routeUrl = request.routeOptions.url;
      return (
        request.headers[IDEMPOTENCY_HEADER] !== undefined &&
        routeUrl !== undefined &&
        isIdempotentRoute(request.method, routeUrl) &&
        subjectOf(request) !== null
      );
    };

    // After auth's onRequest hook (global hooks run before a route's own), before the body is read or validated.
    const checkKey = async (request: FastifyRequest): Promise<void> => {
      const raw = request.headers[IDEMPOTENCY_HEADER];
      if (applies(request) && (typeof raw !== 'string' || !KEY_PATTERN.test(raw))) throw AppError.http(400);
    };

    const claimOrReplay = async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
      if (!applies(request)) return;
      const raw = request.headers[IDEMPOTENCY_HEADER] as string;
      const routeUrl = request.routeOptions.url as string;
      const c: Claim = { userId: subjectOf(request) as string, route: `${request.method} ${routeUrl}`, key: raw };
      const fingerprint = fingerprintOf(request);
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        if (await keys.claim(c, fingerprint, new Date())) {
          request.idempotencyClaim = c;
          return;
        }
        const row = await keys.find(c);
        if (!row) continue; // released meanwhile: claim again
        const age = Date.now() - row.createdAt.getTime();
        if (age > RETENTION_MS || (row.state === 'pending' && age > STALE_MS)) {
          // Expired, or its owner died mid-request: start afresh.
          await keys.deleteCreatedAt(c, row.createdAt);
          continue;
        }
        if (row.fingerprint !== fingerprint) throw AppError.validation([{ field: 'Idempotency-Key', key: 'unmatched' }]);
        if (row.state === 'done') return replay(reply, row);
        if (Date.now() > deadline) throw AppError.http(409, { retryAfter: 1 });
        await sleep(POLL_MS);
      }
    };

    const record = async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
      const c = request.idempotencyClaim;
      if (!c) return payload;
      request.idempotencyClaim = null;
      const status = reply.statusCode;
      const type = reply.getHeader('content-type');
      const json = typeof type === 'string' && type.startsWith('application/json');
      try {
        if (json && storable(status, payload)) {
          await keys.storeAnswer(c, { status, type, body: payload.toString('utf8') });
        } else {
          await keys.release(c);
        }
      } catch (error) {
        // The answer still goes out; the key stays pending and is taken over after STALE_MS.
        request.log.warn({ err: error }, 'idempotency key not recorded');
      }
      return payload;
    };

    // Only the create/submit routes carry these hooks: every other request pays nothing for them.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (!methods.some((method) => isIdempotentRoute(method, route.url))) return;
      route.onRequest = [...asList(route.onRequest), checkKey];
      route.preHandler = [...asList(route.preHandler), claimOrReplay];
      route.onSend = [...asList(route.onSend), record];
    });
  },
  { name: 'idempotency' },
);
