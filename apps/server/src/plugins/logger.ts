import { randomUUID } from 'node:crypto';
import { LogController, type FastifyBaseLogger, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import { stdSerializers, type Bindings, type ChildLoggerOptions } from 'pino';
import type { AppConfig } from '../config';
import fp from 'fastify-plugin';

/**
 * Field names whose values never reach a log line, at any depth (case-insensitive). Request
 * bodies are never logged at all; this catches a body, DTO or error detail logged by mistake.
 */
export const SENSITIVE_FIELDS = [
  'password',
  'confirmedPassword',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'otp',
  'refreshToken',
  'accessToken',
  'token',
  'requestCode',
  'credential',
  'secret',
  'jwtSecret',
  'authorization',
  'cookie',
  'set-cookie',
  'x-xsrf-token',
] as const;

const SENSITIVE = new Set(SENSITIVE_FIELDS.map((f) => f.toLowerCase()));
const REDACTED = '[Redacted]';

/** A literal, `Object.create(null)`, or an object with no class of its own (pino's serialized errors). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || (value as { constructor?: unknown }).constructor === Object;
}

/**
 * Copies plain objects and arrays, replacing sensitive fields; an error inside is serialized as
 * pino serializes errors (its message, stack and own fields) and scrubbed too. Leaves other class
 * instances to their serializers.
 */
export function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value instanceof Error) return scrub(stdSerializers.err(value), depth + 1);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SENSITIVE.has(key.toLowerCase()) ? REDACTED : scrub(v, depth + 1);
  }
  return out;
}

/** A URL for the log: sensitive query values (a secure-link token, say) replaced. */
export function sanitizeUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const key of [...params.keys()]) {
    if (SENSITIVE.has(key.toLowerCase())) {
      params.set(key, REDACTED);
      changed = true;
    }
  }
  return changed ? `${url.slice(0, q)}?${params.toString()}` : url;
}

/**
 * Pino options for Fastify's `logger` (ADR 001): JSON lines, request id, redaction. Every log
 * object goes through `scrub` before the serializers, errors in it included, so a sensitive field
 * is replaced at any depth and in any letter case. Pino's `redact` has the top-level names alone, for a child
 * logger's bindings: its wildcard paths (`*.password`, `*.*.password`) would reach two levels
 * only, in exact case, and cost more than the rest of a refused request's log line.
 */
export function loggerOptions(
  config: Pick<AppConfig, 'logLevel'>,
  stream?: NodeJS.WritableStream,
): NonNullable<Exclude<FastifyServerOptions['logger'], boolean>> {
  return {
    level: config.logLevel,
    ...(stream ? { stream } : {}),
    formatters: { log: (obj: Record<string, unknown>) => scrub(obj) as Record<string, unknown> },
    // Top-level names only, which pino replaces without walking the object: they cover a child
    // logger's bindings, which no formatter sees.
    redact: { paths: SENSITIVE_FIELDS.map((f) => (f.includes('-') ? `["${f}"]` : f)), censor: REDACTED },
    serializers: {
      req(req: FastifyRequest) {
        return {
          method: req.method,
          url: sanitizeUrl(req.url),
          host: req.host,
          remoteAddress: req.ip,
        };
      },
    },
  };
}

const LOG_METHODS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent', 'child'] as const;

/** Where a stand-in keeps what makes its real child. */
const LAZY = Symbol('lazy child logger');
interface LazyState {
  bindings: Bindings;
  options: ChildLoggerOptions;
  child?: FastifyBaseLogger;
}
type LazyLogger = FastifyBaseLogger & { [LAZY]: LazyState };

/** Per parent logger, the prototype of its stand-ins: the log methods are defined once, not per request. */
const lazyPrototypes = new WeakMap<FastifyBaseLogger, FastifyBaseLogger>();
function lazyPrototypeOf(logger: FastifyBaseLogger): FastifyBaseLogger {
  let proto = lazyPrototypes.get(logger);
  if (!proto) {
    proto = Object.create(logger) as FastifyBaseLogger;
    for (const method of LOG_METHODS) {
      Object.defineProperty(proto, method, {
        value(this: LazyLogger, ...args: unknown[]) {
          const state = this[LAZY];
          state.child ??= logger.child(state.bindings, state.options);
          return (state.child[method] as (...a: unknown[]) => unknown)(...args);
        },
      });
    }
    lazyPrototypes.set(logger, proto);
  }
  return proto;
}

/**
 * `request.log`, made only when the request logs something. A pino child costs a serialization
 * of its bindings through the redaction (about 3% of a small request), and in
 * production most requests write no line at all. The stand-in inherits everything else (level,
 * isLevelEnabled, ...) from the parent; a log call makes the real child (with the request id)
 * once and hands it on.
 */
export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  const lazy = Object.create(lazyPrototypeOf(logger)) as LazyLogger;
  lazy[LAZY] = { bindings, options };
  return lazy;
}

export const requestIdOptions = {
  childLoggerFactory: lazyChildLogger,
  genReqId: () => randomUUID(),
  // Never trust a client's id: it would let a caller forge or collide log correlation ids.
  requestIdHeader: false,
  // Fastify's own two lines per request (incoming, completed) are replaced by requestIdPlugin's one.
  logController: new LogController({ disableRequestLogging: true }),
} as const satisfies Pick<FastifyServerOptions, 'childLoggerFactory' | 'genReqId' | 'requestIdHeader' | 'logController'>;

/** A request slower than this is logged even when LOG_REQUESTS=problems. */
export const SLOW_REQUEST_MS = 1_000;

/**
 * Echoes the request id so a user's error report can be matched with the server log, and writes
 * one `request completed` line per request (method, redacted URL, status, time, request id):
 * for every request with LOG_REQUESTS=all (development, tests), and only for failed (>= 400) or
 * slow ones with `problems` (production default: two JSON lines per request were a tenth of a
 * trivial request's cost). With LOG_REQUESTS=all and LOG_LEVEL=debug, an `incoming
 * request` line too. Errors are logged by the error handler either way.
 */
export const requestIdPlugin = fp<{ logRequests?: 'all' | 'problems' }>(
  async (app, { logRequests = 'all' }) => {
    const all = logRequests === 'all';
    // Callback-style hooks (no promise per request): nothing here waits.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      // At LOG_LEVEL=debug only (pino skips it otherwise): when a request began, so a shutdown or
      // crash trial can tell requests the server had started from ones it never read.
      if (all) request.log.debug({ req: request }, 'incoming request');
      done();
    });
    app.addHook('onResponse', (request, reply, done) => {
      done();
      const status = reply.statusCode;
      const elapsed = reply.elapsedTime;
      if (!all && status < 400 && elapsed < SLOW_REQUEST_MS) return;
      const line = { req: request, res: { statusCode: status }, responseTime: Math.round(elapsed * 10) / 10 };
      // 5xx: the error handler has already logged the error itself at error level.
      if (status >= 500 || elapsed >= SLOW_REQUEST_MS) request.log.warn(line, 'request completed');
      else request.log.info(line, 'request completed');
    });
  },
  { name: 'request-id' },
);
