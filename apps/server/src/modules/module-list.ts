import type { FastifyPluginAsync } from 'fastify';
import { activityRoutes } from './activities/activities.routes';
import { authRoutes } from './auth/auth.routes';
import { complianceRoutes } from './compliance/compliance.routes';
import { contactRoutes } from './contacts/contacts.routes';
import { dashboardCachePlugin } from './dashboard/dashboard-cache';
import { devOutboxRoutes } from './dev-outbox/dev-outbox.routes';
import { healthRoutes } from './health/health.routes';
import { policyRoutes } from './policies/policies.routes';
import { userRoutes } from './user/user.routes';
import { pdfPlugin } from '../providers/pdf/pdf-plugin';

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
  pdfPlugin, // app.pdf, the shared Chromium pool (not encapsulated: every later module sees it)
  policyRoutes,
  complianceRoutes,
];
