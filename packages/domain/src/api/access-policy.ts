/**
 * THE access policy: for every call of API_PATHS, who may make it. The server's auth plugin
 * enforces it on every /api route (anonymous -> 401, signed in with none of the roles -> 403);
 * the authorisation test runs every entry as every role and as an anonymous caller and expects
 * exactly what this table says. A call that is missing here is refused (default deny).
 *
 * Roles answer "may this kind of user make this call at all". Which RECORDS a call may touch
 * (an advisor's own contacts, an admin's agency) is decided by each module's service, which
 * answers 404 for a record the caller may not see.
 *
 * Reasoning, by area (spec §6 names the roles but not their rights; DESIGN.md §3):
 * - Sign-in calls are public: the caller has no token yet (login, OTP, reset, refresh, passkey
 *   assertion). Refresh is public because the refresh token itself is the credential.
 * - Self-service on one's own account (profile, dashboard, passkeys, profile OTP) belongs to
 *   every role that signs in (SIGN_IN_ROLES). ROLE_CNL never signs in: it reaches only the
 *   candidate form through a secure link, so it gets only candidate-form paths (and logout, so
 *   a link session can be ended).
 * - Advisors (ROLE_AAP agency, ROLE_BK banca) sell: contacts, sales activities, proposals,
 *   quotes, applications and their documents, and the policies they sold. Contacts are each
 *   advisor's own prospects, so no other role reads them.
 * - Agency staff (ROLE_AS service, ROLE_AA admin) look after the agency's business: they read
 *   proposals, applications, documents and policies agency-wide and do servicing writes
 *   (delivery status, pending documents). They do not create sales records in an advisor's name.
 * - Recruitment: agency advisors (ROLE_AAP) recruit, ROLE_AA reviews and administers
 *   (review, contracts, IRC, exam and licence support, converting a candidate to a trainee,
 *   per-agent product permissions). Banca advisors do not recruit agents.
 * - Candidates (ROLE_CAN, and ROLE_CNL through the link) fill in their own form and documents
 *   and upload their own IRC licence; the candidate service limits them to their own record.
 * - ROLE_TRAINEE is a converted candidate in training: compliance training, profile, dashboard
 *   and the product catalogue (non-personal, needed to learn the products).
 * - Compliance training is for everyone who sells or serves (all staff roles and trainees).
 */
import type { HttpMethod } from './api-paths';
import { ROLE_AA, ROLE_AAP, ROLE_AS, ROLE_BK, ROLE_CAN, ROLE_CNL, ROLE_TRAINEE, ROLES, SIGN_IN_ROLES, type Role } from '../codes/roles';

/** `'public'`: anyone, signed in or not. Otherwise the roles of which the caller needs one. */
export type Access = 'public' | readonly Role[];

export const PUBLIC = 'public' as const;

const ADVISORS = [ROLE_AAP, ROLE_BK] as const;
const AGENCY_STAFF = [ROLE_AS, ROLE_AA] as const;
/** Everyone who works on the agency's sales and servicing. */
const SALES_AND_SERVICE = [...ADVISORS, ...AGENCY_STAFF] as const;
/** Roles that recruit or administer recruitment. */
const RECRUITERS = [ROLE_AAP, ROLE_AA] as const;
/** Recruiters plus the candidate themself (signed in, or through the secure link). */
const CANDIDATE_FORM = [...RECRUITERS, ROLE_CAN, ROLE_CNL] as const;
const ADMIN = [ROLE_AA] as const;
/** Everyone who uploads documents: applications, pending policy documents, candidate forms, exam results. */
const UPLOADERS = [...new Set([...SALES_AND_SERVICE, ...CANDIDATE_FORM])] as const;
const ALL_ROLES = ROLES;

/**
 * Key: `'<METHOD> <path>'` with the spec's `{name}` parameters, exactly as in API_PATHS.
 * Every API_PATHS entry has exactly one line here (a domain test checks both ways).
 */
export const ACCESS_POLICY: Readonly<Record<string, Access>> = {
  // Auth — sign-in itself is public; a signed-in user manages only their own passkeys.
  'POST /api/auth/v1/login': PUBLIC,
  'POST /api/auth/v1/login/mfa': PUBLIC,
  'POST /api/auth/v1/refresh': PUBLIC,
  'POST /api/auth/v1/logout': ALL_ROLES,
  'POST /api/auth/v1/otp/reset': PUBLIC,
  'POST /api/auth/v1/otp/verify': PUBLIC,
  'POST /api/auth/v1/reset': PUBLIC,
  'POST /api/auth/v1/otp/resend': PUBLIC,
  'POST /api/auth/v1/otp/bind': SIGN_IN_ROLES,
  'POST /api/auth/v1/attestations': SIGN_IN_ROLES,
  'POST /api/auth/v1/bind': SIGN_IN_ROLES,
  'POST /api/auth/v1/delete/webauthn': SIGN_IN_ROLES,
  'POST /api/auth/v1/assertions': PUBLIC,
  'GET /api/auth/v1/webauthn': SIGN_IN_ROLES,
  'POST /api/auth/v1/webauthn': PUBLIC,

  // User — one's own profile and landing page.
  'GET /api/user/v1/profile': SIGN_IN_ROLES,
  'POST /api/user/v1/profile': SIGN_IN_ROLES,
  'GET /api/user/v1/dashboard': SIGN_IN_ROLES,

  // Proposals — advisors write their own; agency staff read the agency's. Quotes are a sales tool.
  'POST /api/proposal/v1/create': ADVISORS,
  'POST /api/proposal/v1/update/{id}': ADVISORS,
  'GET /api/proposal/v1/find': SALES_AND_SERVICE,
  'GET /api/proposal/v1/find/{id}': SALES_AND_SERVICE,
  'GET /api/proposal/v1/find/report/{id}': SALES_AND_SERVICE,
  'POST /api/engine/v1/calculate': [...ADVISORS, ROLE_AA],
  'GET /api/proposal/v1/opc-payment/{proposalNum}': SALES_AND_SERVICE,

  // Products — the catalogue holds no personal data; trainees learn it, admins grant it per agent.
  'GET /api/product/v1/types': [...SALES_AND_SERVICE, ROLE_TRAINEE],
  'GET /api/product/v1/': [...SALES_AND_SERVICE, ROLE_TRAINEE],

  // Contacts and sales activities — an advisor's own prospects, nobody else's business.
  'POST /api/contact/v1/create': ADVISORS,
  'POST /api/contact/v1/update/{id}': ADVISORS,
  'GET /api/contact/v1/page': ADVISORS,
  'GET /api/contact/v2/find': ADVISORS,
  'GET /api/contact/v1/find/{id}': ADVISORS,
  'GET /api/contact/v2/find/{id}': ADVISORS,
  'POST /api/contact/v1/remove/{id}': ADVISORS,
  'GET /api/contact/v2/activity/find': ADVISORS,
  'GET /api/contact/v2/activity/find/{id}': ADVISORS,
  'POST /api/contact/v2/activity/create': ADVISORS,
  'POST /api/contact/v2/activity/update/{id}': ADVISORS,
  'POST /api/contact/v2/activity/delete/{id}': ADVISORS,

  // Application documents — advisors upload to their applications; staff read the agency's.
  'POST /api/document/v1/upload': ADVISORS,
  'GET /api/document/v1/find/appform/{id}': SALES_AND_SERVICE,
  'POST /api/document/v1/delete/{id}': ADVISORS,
  'GET /api/document/v1/find/{id}': SALES_AND_SERVICE,
  'GET /api/document/v1/download': SALES_AND_SERVICE,
  // Conversion only (nothing is stored): whoever uploads documents turns a camera photo into a PDF first.
  'POST /api/document/v1/scan': UPLOADERS,

  // Applications — advisors build and submit; staff read the agency's.
  'GET /api/appform/v1/find': SALES_AND_SERVICE,
  'GET /api/appform/v1/find/{id}': SALES_AND_SERVICE,
  'GET /api/appform/v1/lov/branch/{bankCode}': SALES_AND_SERVICE,
  'POST /api/appform/v1/create': ADVISORS,
  'POST /api/appform/v1/update/{id}': ADVISORS,
  'POST /api/appform/v1/submit/{id}': ADVISORS,

  // Reports (proposal and application PDFs) — whoever may read the record.
  'GET /api/report/v1/generate/{reportName}/{referenceId}': SALES_AND_SERVICE,

  // Policies — advisors see the policies they sold, staff the agency's; servicing writes are staff's.
  'GET /api/policy/v1/search/details/{id}': SALES_AND_SERVICE,
  'GET /api/policy/v1/search/client-milestones': SALES_AND_SERVICE,
  'GET /api/policy/v1/search/client-payments': SALES_AND_SERVICE,
  'GET /api/policy/v1/search/customers': SALES_AND_SERVICE,
  'GET /api/policy/v1/download/{policyNumber}/client-pending': SALES_AND_SERVICE,
  'POST /api/policy/v1/update/delivery-status': AGENCY_STAFF,
  'GET /api/policy/v1/{policyNumber}/find-pending-code': SALES_AND_SERVICE,
  'POST /api/policy/v1/upload/{policyNumber}/client-pending-doc': SALES_AND_SERVICE,

  // Candidates — recruiters and the candidate's own form; secure-link OTP calls are public.
  'POST /api/candidate/v1/form/init': [...RECRUITERS, ROLE_CAN],
  'POST /api/candidate/v1/form/update/{id}': CANDIDATE_FORM,
  'POST /api/candidate/v1/form/submit/{id}': CANDIDATE_FORM,
  'GET /api/candidate/v1/find/{id}': RECRUITERS,
  'GET /api/candidate/v1/form/find': CANDIDATE_FORM,
  'GET /api/candidate/v1/find': RECRUITERS,
  'GET /api/candidate/v1/find/existing': RECRUITERS,
  'POST /api/candidate/v1/form/link': RECRUITERS,
  'POST /api/candidate/v1/form/link/otp': PUBLIC,
  'POST /api/candidate/v1/form/link/otp/verify': PUBLIC,
  'GET /api/candidate/v1/itc/classes': CANDIDATE_FORM,
  'POST /api/candidate/v1/document/upload': CANDIDATE_FORM,
  'GET /api/candidate/v1/documents/find/{id}': CANDIDATE_FORM,
  'POST /api/candidate/v1/document/delete/{id}': CANDIDATE_FORM,
  'POST /api/candidate/v1/form/review': ADMIN,
  'GET /api/candidate/v1/irc/find': RECRUITERS,
  'GET /api/candidate/v1/irc/download': RECRUITERS,
  // The licence: uploaded by a recruiter, or by the candidate themself (their own record only).
  'POST /api/candidate/v1/irc/upload': CANDIDATE_FORM,
  'GET /api/candidate/v1/{reportName}/download': CANDIDATE_FORM,
  'POST /api/candidate/v1/contract/upload': ADMIN,
  'GET /api/candidate/v1/contract/download': CANDIDATE_FORM,
  'GET /api/candidate/v1/document/download': CANDIDATE_FORM,

  // Support — agency administration only (exams, enrolment, licences, candidate -> trainee).
  'GET /api/support/v1/exam/download/template': ADMIN,
  'POST /api/support/v1/exam/upload': ADMIN,
  'GET /api/support/v1/enrollment/download': ADMIN,
  'GET /api/support/v1/licenses/download': ADMIN,
  'POST /api/support/v1/convert/candidate': ADMIN,
  'GET /api/support/v1/exam/download/agent': ADMIN,

  // Compliance training — everyone who sells or serves, and trainees.
  'GET /api/compliance/training/v1/form/training-materials': [...SALES_AND_SERVICE, ROLE_TRAINEE],
  'GET /api/compliance/training/v1/form/download/pdf': [...SALES_AND_SERVICE, ROLE_TRAINEE],
  'GET /api/compliance/training/v1/questions': [...SALES_AND_SERVICE, ROLE_TRAINEE],
  'POST /api/compliance/training/v1/answers/submit': [...SALES_AND_SERVICE, ROLE_TRAINEE],

  // Per-agent product permissions — agency admin.
  'GET /api/agent-product/v1/find/{id}': ADMIN,
  'POST /api/agent-product/v1/create': ADMIN,
};

/**
 * Paths outside the spec's list that need no sign-in: health, the API docs, the dev outbox
 * (itself only registered when PORTAL_DEV_OUTBOX=1) and the language files.
 */
export function isOpenInfrastructurePath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (
    path === '/api/health' ||
    path === '/api/docs' ||
    path.startsWith('/api/docs/') ||
    path === '/api/dev/outbox' ||
    path.startsWith('/locales/')
  );
}

export function accessKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/** The access of one call, or undefined when the call is not in the table (-> denied). */
export function accessFor(method: HttpMethod | string, path: string): Access | undefined {
  return ACCESS_POLICY[accessKey(method, path)];
}

/** The outcome of a call for a caller: allowed, 401 (anonymous) or 403 (signed in, wrong role). */
export type AccessDecision = 'allow' | 'unauthenticated' | 'forbidden';

export function decideAccess(access: Access | undefined, callerRoles: readonly string[] | null): AccessDecision {
  if (access === PUBLIC) return 'allow';
  if (callerRoles === null) return 'unauthenticated';
  if (access === undefined) return 'forbidden';
  return callerRoles.some((role) => (access as readonly string[]).includes(role)) ? 'allow' : 'forbidden';
}

/** Path segments that do not name an area (versions, the `api` prefix). */
const NON_AREA_SEGMENTS = new Set(['api', 'v1', 'v2']);

/**
 * The scopes of a token: the API areas (`contact`, `proposal`, …) in which the roles may make at
 * least one non-public call, sorted. The web uses them to show only the menus the user can open.
 */
export function scopesForRoles(roles: readonly string[]): string[] {
  const scopes = new Set<string>();
  for (const [key, access] of Object.entries(ACCESS_POLICY)) {
    if (access === PUBLIC || !roles.some((role) => (access as readonly string[]).includes(role))) continue;
    const path = key.slice(key.indexOf(' ') + 1);
    const area = path.split('/').find((segment) => segment !== '' && !NON_AREA_SEGMENTS.has(segment));
    if (area) scopes.add(area);
  }
  return [...scopes].sort();
}
