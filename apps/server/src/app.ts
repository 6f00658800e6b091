import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyPluginAsync, type RawServerDefault } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { createDb, type DbHandle } from './db/client';
import { migrateDb } from './db/migrate';
import { MODULES } from './modules/module-list';
import type { PdfRenderer } from './providers/pdf/pdf-renderer';
import type { SmsProvider } from './providers/sms/sms-provider';
import { authPlugin } from './plugins/auth';
import { compressionPlugin } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { drainingPlugin } from './plugins/draining';
import { errorHandlerPlugin, sendError } from './plugins/error-handler';
import { idempotencyPlugin } from './plugins/idempotency';
import { metricsPlugin } from './plugins/metrics';
import { loggerOptions, requestIdOptions, requestIdPlugin } from './plugins/logger';
import { outboxDeliveryPlugin } from './plugins/outbox-delivery';
import { notImplementedRoutes } from './plugins/not-implemented';
import { openApiPlugin } from './plugins/openapi';
import { rateLimitPlugin } from './plugins/rate-limit';
import { securityHeadersPlugin } from './plugins/security-headers';
import { servicesPlugin } from './plugins/services';
import { staticFilesPlugin } from './plugins/static-files';
import { textGuardPlugin } from './plugins/text-guard';
import { xsrfPlugin } from './plugins/xsrf';

export type AppInstance = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export interface AppDeps {
  /** An open (and migrated) database. Omitted: buildApp opens one from config, migrates it, and closes it with the app. */
  db?: DbHandle;
  /** Where the JSON log lines go (tests capture them); default stdout. */
  logStream?: NodeJS.WritableStream;
  /** Replaces the SMS provider chosen by SMS_TRANSPORT. */
  sms?: SmsProvider;
  /** Replaces the Chromium pool (CHROMIUM_PATH); the fair admission stays in front of it. */
  pdf?: PdfRenderer;
  /** Replaces src/modules/module-list.ts (tests of one module). */
  modules?: readonly FastifyPluginAsync[];
}

/**
 * The Fastify instance, plugins in the order of ADR 001: config + db, logger (request id),
 * security headers, cookies + XSRF, rate limit, compression, error handler, OpenAPI, services, auth,
 * idempotency keys, modules, the 501 routes, static files. Not yet `ready()`: callers may add routes or
 * decorators first (`inject` and `listen` make it ready).
 */
export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<AppInstance> {
  let handle = deps.db;
  const ownsDb = !handle;
  if (!handle) {
    handle = await createDb(config);
    try {
      await migrateDb(handle);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  const app = Fastify({
    logger: loggerOptions(config, deps.logStream),
    ...requestIdOptions,
    // Fastify accepts a hop count too (docs/Reference/Server.md#trustproxy); its types omit it.
    trustProxy: config.trustProxy as boolean | string,
    bodyLimit: config.bodyLimit,
    // A stopping server's answer is drainingPlugin's (the envelope and Retry-After).
    return503OnClosing: false,
    // Errors raised before routing (a malformed URL): the same envelope, and no cache.
    frameworkErrors: (error, request, reply) => {
      reply.header('cache-control', 'no-store').header('x-content-type-options', 'nosniff');
      sendError(error, request, reply);
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(dbPlugin, { config, handle, closeOnShutdown: ownsDb });
  await app.register(metricsPlugin); // ops: /metrics (off unless METRICS_TOKEN or METRICS_PORT); before the services, whose PDF renderer it meters
  await app.register(requestIdPlugin, { logRequests: config.logRequests ?? 'all' });
  await app.register(drainingPlugin); // 503 + Retry-After for a request that reaches a stopping server
  await app.register(securityHeadersPlugin);
  await app.register(xsrfPlugin);
  await app.register(rateLimitPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(errorHandlerPlugin);
  await app.register(openApiPlugin);
  await app.register(servicesPlugin, { ...(deps.sms ? { sms: deps.sms } : {}), ...(deps.pdf ? { pdf: deps.pdf } : {}) }); // app.services: src/services.ts
  await app.register(authPlugin);
  await app.register(textGuardPlugin); // 422 for control characters and bidi overrides in any body or query field
  await app.register(idempotencyPlugin);
  await app.register(outboxDeliveryPlugin); // ops: app.messenger; SMS gateway / SMTP delivery worker when configured
  for (const module of deps.modules ?? MODULES) await app.register(module);
  await app.register(notImplementedRoutes);
  await app.register(staticFilesPlugin, { config });

  return app;
}
