import type { FastifyPluginAsync } from 'fastify';
import { activityRoutes } from './activities/activities.routes';
import { agencyPipelineRoutes } from './agency-pipeline/agency-pipeline.routes';
import { agencyUserRoutes } from './agency-users/agency-users.routes';
import { agentProductRoutes } from './agent-products/agent-products.routes';
import { applicationRoutes } from './applications/applications.routes';
import { authRoutes } from './auth/auth.routes';
import { candidateRoutes } from './candidates/candidates.routes';
import { complianceRoutes } from './compliance/compliance.routes';
import { contactRoutes } from './contacts/contacts.routes';
import { devOutboxRoutes } from './dev-outbox/dev-outbox.routes';
import { engineRoutes } from './engine/engine.routes';
import { healthRoutes } from './health/health.routes';
import { retentionPlugin } from './maintenance/retention.plugin';
import { policyRoutes } from './policies/policies.routes';
import { productRoutes } from './products/products.routes';
import { proposalRoutes } from './proposals/proposals.routes';
import { customerProposalRoutes } from './proposals/customer-proposal.routes';
import { customerSignRoutes } from './applications/customer-sign.routes';
import { remoteSignRoutes } from './applications/remote-sign.routes';
import { licensingRoutes } from './licensing/licensing.routes';
import { offlineRoutes } from './offline/offline.routes';
import { userRoutes } from './user/user.routes';

/**
 * Every feature module, registered after the app-wide plugins (services and auth included) and
 * before the 501 routes: a spec path a module registers stops answering 501 on its own. Each
 * module takes its services from `app.services` (src/services.ts) and depends on no other
 * module. Add a module with one import and one line.
 */
export const MODULES: readonly FastifyPluginAsync[] = [
  healthRoutes,
  devOutboxRoutes,
  userRoutes,
  authRoutes,
  contactRoutes,
  activityRoutes,
  productRoutes,
  engineRoutes,
  policyRoutes,
  proposalRoutes,
  customerProposalRoutes,
  applicationRoutes,
  remoteSignRoutes,
  customerSignRoutes,
  candidateRoutes,
  licensingRoutes,
  agentProductRoutes,
  agencyUserRoutes,
  agencyPipelineRoutes,
  complianceRoutes,
  offlineRoutes,
  retentionPlugin,
];
