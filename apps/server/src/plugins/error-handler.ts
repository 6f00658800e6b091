import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HTTP_ERROR_KEYS } from '@portal/domain/errors/error-catalogue';
import { AppError, isAppError } from '../lib/app-error';
import { fieldErrorsFromValidation } from '../lib/field-errors';
import { PDF_BUSY_KEY, PdfRendererBusyError } from '../providers/pdf/fair-pdf-renderer';
import fp from 'fastify-plugin';
import { securityHeadersFor } from './security-headers';

type HttpStatusWithKey = keyof typeof HTTP_ERROR_KEYS;

function isHttpStatusWithKey(status: number): status is HttpStatusWithKey {
  return Object.prototype.hasOwnProperty.call(HTTP_ERROR_KEYS, status);
}

/** Request validation failed: 422 with one `{ field, key }` per issue. */
function validationError(error: FastifyError): AppError {
  const part = error.validationContext ?? 'body';
  const validation = error.validation ?? [];
  if (hasZodFastifySchemaValidationErrors(error)) return AppError.validation(fieldErrorsFromValidation(error.validation, part));
  // A plain JSON-schema route (a plugin's, not ours): ajv keywords, a missing property is `required`.
  return AppError.validation(
    fieldErrorsFromValidation(
      validation.map((v) =>
        v.keyword === 'required' && typeof v.params.missingProperty === 'string'
          ? { keyword: 'required', instancePath: `${v.instancePath}/${v.params.missingProperty}`, message: 'required', params: {} }
          : { keyword: v.keyword, instancePath: v.instancePath, message: v.message ?? '', params: {} },
      ),
      part,
    ),
  );
}

function pgErrorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } }).cause;
  const code = cause?.code ?? (error as { code?: unknown }).code;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) ? code : undefined;
}

/** Seconds a client is told to wait when the database is unreachable. */
export const DB_UNAVAILABLE_RETRY_AFTER = 5;

const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * The database is down or restarting, not the request at fault: a connection errno, SQLSTATE
 * class 08 (connection exception), 57P01-57P03 (shutdown, crash, cannot connect now), 53300
 * (too many connections), or node-postgres's own words for a dropped or timed-out connection.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (CONNECTION_ERRNOS.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300') return true;
    }
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Cannot use a pool after calling end/.test(
        message,
      )
    )
      return true;
  }
  return false;
}

/** Any thrown value -> the AppError clients see. Unknown errors become a bare 500. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) return error;
  // The PDF renderer's fair share is used up (providers/pdf/fair-pdf-renderer.ts): try again shortly.
  if (error instanceof PdfRendererBusyError)
    return new AppError(503, PDF_BUSY_KEY, PDF_BUSY_KEY, undefined, { retryAfter: error.retryAfter });
  if (isDatabaseUnavailable(error)) return AppError.http(503, { retryAfter: DB_UNAVAILABLE_RETRY_AFTER });
  const e = error as FastifyError;
  if (Array.isArray(e?.validation) && !isResponseSerializationError(e)) return validationError(e);
  // Unique violation or serialization failure that a service did not map: a conflict, not a crash.
  const pgCode = pgErrorCode(error);
  if (pgCode === '23505' || pgCode === '40001') return AppError.http(409);
  // Data exception (a NUL byte, a number or date out of range): the client's value, not a crash.
  if (pgCode?.startsWith('22')) return AppError.http(400);
  const status = typeof e?.statusCode === 'number' ? e.statusCode : 500;
  if (status >= 400 && status < 500) {
    return isHttpStatusWithKey(status) ? AppError.http(status) : new AppError(status, status, HTTP_ERROR_KEYS[400]);
  }
  if (status === 503) return AppError.http(503);
  return AppError.http(500);
}

/**
 * A failed query as the log may keep it: Drizzle puts every bound value (names, phones, hashes)
 * in the message and `params`, and the driver's `detail` quotes the offending row. The log gets
 * the SQL, the stack and the driver's code and message only.
 */
export function loggableError(error: unknown): unknown {
  if (!(error instanceof Error) || !('query' in error) || !('params' in error)) return error;
  const cause = (typeof error.cause === 'object' && error.cause !== null ? error.cause : {}) as Record<string, unknown>;
  const safe = Object.assign(new Error(`Failed query: ${String(error.query)}`), {
    db: { code: cause.code, message: cause.message, table: cause.table, column: cause.column, constraint: cause.constraint },
  });
  safe.name = error.name;
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  safe.stack = [`${safe.name}: ${safe.message}`, ...frames].join('\n');
  return safe;
}

/** Logs (server side only) and sends the envelope. */
export function sendError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const appError = toAppError(error);
  const pgCode = pgErrorCode(error);
  if (error instanceof PdfRendererBusyError) {
    // Load shed by design, not a fault: one line like any refusal, never a stack trace per request.
    request.log.info({ statusCode: appError.status, code: appError.code }, 'request rejected');
  } else if (appError.status >= 500) {
    // Full detail stays in the log, tied to the request id the client saw in X-Request-Id.
    request.log.error({ err: loggableError(error) }, 'request failed');
  } else if (pgCode) {
    // The database refused the request (a value validation let through, a duplicate, a
    // serialization conflict): worth a look, as the service should have answered it itself.
    request.log.warn({ statusCode: appError.status, code: pgCode, err: loggableError(error) }, 'request rejected by the database');
  } else {
    // Never the message of a client error: a JSON parse error quotes the body it choked on.
    const code = (error as { code?: unknown })?.code;
    request.log.info({ statusCode: appError.status, code: typeof code === 'string' ? code : appError.code }, 'request rejected');
  }
  // An error raised before routing (frameworkErrors) never met helmet's hook: same headers all the same.
  if (!reply.hasHeader('content-security-policy')) reply.headers({ ...securityHeadersFor(request.url), 'x-request-id': request.id });
  if (appError.retryAfter !== undefined) reply.header('retry-after', String(appError.retryAfter));
  return reply.status(appError.status).type('application/json; charset=utf-8').send(appError.toEnvelope());
}

/**
 * One error handler for the whole API (DESIGN.md §3): every error answers the envelope
 * `{ code, messageKey, errors? }` with no stack trace, message or internals. The not-found
 * handler lives with the SPA fallback (static-files.ts).
 */
export const errorHandlerPlugin = fp(
  async (app) => {
    app.setErrorHandler((error, request, reply) => sendError(error, request, reply));
  },
  { name: 'error-handler' },
);
