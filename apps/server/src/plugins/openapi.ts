import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { APP_VERSION } from '@portal/domain/version';
import fp from 'fastify-plugin';
import { appendRouteHook } from './route-hooks';

export const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI document generated from the routes' zod schemas (DESIGN.md §3): JSON at
 * /api/docs/json, Swagger UI at /api/docs. Registered before the modules so it sees every route.
 * Served only when `config.apiDocs` (API_DOCS; off in production unless API_DOCS=1): the
 * document is still built, so `app.swagger()` works either way.
 */
export const openApiPlugin = fp(
  async (app) => {
    // The docs are public, like the list of spec paths they describe, and never cached like every
    // /api answer (the UI's files are served by @fastify/static, which sets its own caching).
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(DOCS_PREFIX)) return;
      route.config = { ...route.config, roles: 'public' };
      appendRouteHook(route, 'onSend', (_request, reply, payload, done) => {
        reply.header('cache-control', 'no-store');
        done(null, payload);
      });
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Advisor Portal API',
          description: 'Sales, servicing and recruitment portal for advisors. Errors use one envelope: { code, messageKey, errors? }.',
          version: APP_VERSION,
        },
        components: {
          securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        },
      },
      transform: jsonSchemaTransform,
      transformObject: jsonSchemaTransformObject,
    });
    if (!app.config.apiDocs) return;
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { deepLinking: true },
    });
  },
  { name: 'openapi' },
);
