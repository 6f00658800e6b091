/**
 * Every call of spec §7, with the method DESIGN.md §3 gives it (reads GET; creates, updates,
 * submits and deletes POST). Paths use the spec's `{name}` parameters, as OpenAPI does.
 * The server registers each one (501 until its area lands); a test compares this list, the
 * OpenAPI document and the spec's own list.
 */
export type HttpMethod = 'GET' | 'POST';

export type ApiArea =
  | 'auth'
  | 'user'
  | 'proposal'
  | 'product'
  | 'contact'
  | 'activity'
  | 'document'
  | 'appform'
  | 'report'
  | 'policy'
  | 'candidate'
  | 'support'
  | 'compliance'
  | 'agentProduct';

export interface ApiPath {
  readonly method: HttpMethod;
  readonly path: string;
  readonly area: ApiArea;
}

const g = (path: string, area: ApiArea): ApiPath => ({ method: 'GET', path, area });
const p = (path: string, area: ApiArea): ApiPath => ({ method: 'POST', path, area });

export const API_PATHS: readonly ApiPath[] = [
  p('/api/auth/v1/login', 'auth'),
  p('/api/auth/v1/refresh', 'auth'),
  p('/api/auth/v1/logout', 'auth'),
  p('/api/auth/v1/otp/reset', 'auth'),
  p('/api/auth/v1/otp/verify', 'auth'),
  p('/api/auth/v1/reset', 'auth'),
  p('/api/auth/v1/login/mfa', 'auth'),
  p('/api/auth/v1/otp/resend', 'auth'),
  p('/api/auth/v1/otp/bind', 'auth'),
  p('/api/auth/v1/attestations', 'auth'),
  p('/api/auth/v1/bind', 'auth'),
  p('/api/auth/v1/delete/webauthn', 'auth'),
  p('/api/auth/v1/assertions', 'auth'),
  g('/api/auth/v1/webauthn', 'auth'),
  // Passkey sign-in: the assertion is verified by POSTing it to the same path the list is read from.
  p('/api/auth/v1/webauthn', 'auth'),

  g('/api/user/v1/profile', 'user'),
  p('/api/user/v1/profile', 'user'),
  g('/api/user/v1/dashboard', 'user'),

  p('/api/proposal/v1/create', 'proposal'),
  p('/api/proposal/v1/update/{id}', 'proposal'),
  g('/api/proposal/v1/find', 'proposal'),
  g('/api/proposal/v1/find/{id}', 'proposal'),
  g('/api/proposal/v1/find/report/{id}', 'proposal'),
  p('/api/engine/v1/calculate', 'proposal'),
  g('/api/proposal/v1/opc-payment/{proposalNum}', 'proposal'),

  g('/api/product/v1/types', 'product'),
  g('/api/product/v1/', 'product'),

  p('/api/contact/v1/create', 'contact'),
  p('/api/contact/v1/update/{id}', 'contact'),
  g('/api/contact/v1/page', 'contact'),
  g('/api/contact/v2/find', 'contact'),
  g('/api/contact/v1/find/{id}', 'contact'),
  g('/api/contact/v2/find/{id}', 'contact'),
  p('/api/contact/v1/remove/{id}', 'contact'),

  g('/api/contact/v2/activity/find', 'activity'),
  g('/api/contact/v2/activity/find/{id}', 'activity'),
  p('/api/contact/v2/activity/create', 'activity'),
  p('/api/contact/v2/activity/update/{id}', 'activity'),
  p('/api/contact/v2/activity/delete/{id}', 'activity'),

  p('/api/document/v1/upload', 'document'),
  g('/api/document/v1/find/appform/{id}', 'document'),
  p('/api/document/v1/delete/{id}', 'document'),
  g('/api/document/v1/find/{id}', 'document'),
  g('/api/document/v1/download', 'document'),
  p('/api/document/v1/scan', 'document'),

  g('/api/appform/v1/find', 'appform'),
  g('/api/appform/v1/find/{id}', 'appform'),
  g('/api/appform/v1/lov/branch/{bankCode}', 'appform'),
  p('/api/appform/v1/create', 'appform'),
  p('/api/appform/v1/update/{id}', 'appform'),
  p('/api/appform/v1/submit/{id}', 'appform'),

  g('/api/report/v1/generate/{reportName}/{referenceId}', 'report'),

  g('/api/policy/v1/search/details/{id}', 'policy'),
  g('/api/policy/v1/search/client-milestones', 'policy'),
  g('/api/policy/v1/search/client-payments', 'policy'),
  g('/api/policy/v1/search/customers', 'policy'),
  g('/api/policy/v1/download/{policyNumber}/client-pending', 'policy'),
  p('/api/policy/v1/update/delivery-status', 'policy'),
  g('/api/policy/v1/{policyNumber}/find-pending-code', 'policy'),
  p('/api/policy/v1/upload/{policyNumber}/client-pending-doc', 'policy'),

  p('/api/candidate/v1/form/init', 'candidate'),
  p('/api/candidate/v1/form/update/{id}', 'candidate'),
  p('/api/candidate/v1/form/submit/{id}', 'candidate'),
  g('/api/candidate/v1/find/{id}', 'candidate'),
  g('/api/candidate/v1/form/find', 'candidate'),
  g('/api/candidate/v1/find', 'candidate'),
  g('/api/candidate/v1/find/existing', 'candidate'),
  p('/api/candidate/v1/form/link', 'candidate'),
  p('/api/candidate/v1/form/link/otp', 'candidate'),
  p('/api/candidate/v1/form/link/otp/verify', 'candidate'),
  g('/api/candidate/v1/itc/classes', 'candidate'),
  p('/api/candidate/v1/document/upload', 'candidate'),
  g('/api/candidate/v1/documents/find/{id}', 'candidate'),
  p('/api/candidate/v1/document/delete/{id}', 'candidate'),
  p('/api/candidate/v1/form/review', 'candidate'),
  g('/api/candidate/v1/irc/find', 'candidate'),
  g('/api/candidate/v1/irc/download', 'candidate'),
  p('/api/candidate/v1/irc/upload', 'candidate'),
  g('/api/candidate/v1/{reportName}/download', 'candidate'),
  p('/api/candidate/v1/contract/upload', 'candidate'),
  g('/api/candidate/v1/contract/download', 'candidate'),
  g('/api/candidate/v1/document/download', 'candidate'),

  g('/api/support/v1/exam/download/template', 'support'),
  p('/api/support/v1/exam/upload', 'support'),
  g('/api/support/v1/enrollment/download', 'support'),
  g('/api/support/v1/licenses/download', 'support'),
  p('/api/support/v1/convert/candidate', 'support'),
  g('/api/support/v1/exam/download/agent', 'support'),

  g('/api/compliance/training/v1/form/training-materials', 'compliance'),
  g('/api/compliance/training/v1/form/download/pdf', 'compliance'),
  g('/api/compliance/training/v1/questions', 'compliance'),
  p('/api/compliance/training/v1/answers/submit', 'compliance'),

  g('/api/agent-product/v1/find/{id}', 'agentProduct'),
  p('/api/agent-product/v1/create', 'agentProduct'),
];

/** `/api/contact/v1/update/{id}` -> `/api/contact/v1/update/:id` (Fastify's form). */
export function toRouterPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}
