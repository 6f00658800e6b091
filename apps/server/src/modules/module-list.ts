import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth/auth.routes';
import { devOutboxRoutes } from './dev-outbox/dev-outbox.routes';
import { healthRoutes } from './health/health.routes';

/**
 * Every feature module, registered in this order after the app-wide plugins (auth included)
 * and before the 501 routes: a spec path a module registers stops answering 501 on its own.
 * Add a module with one import and one line.
 */
export const MODULES: readonly FastifyPluginAsync[] = [
  healthRoutes,
  devOutboxRoutes,
  authRoutes,
];
