import type { FastifyPluginAsync } from 'fastify';
import { activityRoutes } from './activities/activities.routes';
import { agentProductRoutes } from './agent-products/agent-products.routes';
import { applicationRoutes } from './applications/applications.routes';
import { authRoutes } from './auth/auth.routes';
import { candidateRoutes } from './candidates/candidates.routes';
import { complianceRoutes } from './compliance/compliance.routes';
import { contactRoutes } from './contacts/contacts.routes';
import { dashboardCachePlugin } from './dashboard/dashboard-cache';
import { devOutboxRoutes } from './dev-outbox/dev-outbox.routes';
import { engineRoutes } from './engine/engine.routes';
import { healthRoutes } from './health/health.routes';
import { retentionPlugin } from './maintenance/retention.plugin';
import { policyRoutes } from './policies/policies.routes';
import { productRoutes } from './products/products.routes';
import { proposalRoutes } from './proposals/proposals.routes';
import { supportRoutes } from './support/support.routes';
import { userRoutes } from './user/user.routes';

/**
 * Every feature module, registered in this order after the app-wide plugins (auth included)
 * and before the 501 routes: a spec path a module registers stops answering 501 on its own.
 * Add a module with one import and one line.
 */
export const MODULES: readonly FastifyPluginAsync[] = [
  healthRoutes,
  devOutboxRoutes,
  dashboardCachePlugin, // app.dashboardCache and its write hook (not encapsulated: sees every later route)
  userRoutes, // before auth: it owns POST /api/user/v1/profile (auth registers it only when absent)
  authRoutes,
  contactRoutes,
  activityRoutes,
  productRoutes, // seeds the catalogue tables and decorates app.catalogue (not encapsulated: the engine and proposals read it)
  engineRoutes,
  policyRoutes,
  proposalRoutes,
  applicationRoutes,
  candidateRoutes,
  supportRoutes,
  agentProductRoutes,
  complianceRoutes,
  retentionPlugin,
];
