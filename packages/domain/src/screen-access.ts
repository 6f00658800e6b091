import { accessFor, decideAccess, PUBLIC, type Access } from './api/access-policy';
import type { Screen, ScreenArea } from './screens';

/**
 * Which roles may use a screen, read from the access policy: each signed-in screen names the API
 * call it cannot do without, and a role that may not make that call does not see the screen (no
 * menu entry, no shortcut; a typed URL shows "not available for your role" and calls nothing).
 * Screens outside /home (sign-in, secure link) are open to anyone.
 */
const AREA_CALL: Readonly<Partial<Record<ScreenArea, string>>> = {
  home: 'GET /api/user/v1/profile',
  profile: 'GET /api/user/v1/profile',
  contacts: 'GET /api/contact/v2/find',
  proposals: 'GET /api/proposal/v1/find',
  applications: 'GET /api/appform/v1/find',
  servicing: 'GET /api/policy/v1/search/customers',
  compliance: 'GET /api/compliance/training/v1/questions',
  // The recruitment landing and the new-candidate form are the candidate's own form for a candidate
  // (signed in, or through the secure link), the recruiters' menu and form otherwise.
  recruitment: 'GET /api/candidate/v1/form/find',
  // The agency admin's users screen calls /api/agency/v1/users, declared with this call's roles.
  agency: 'GET /api/agent-product/v1/find/{id}',
};

const RECRUITER_LISTS = 'GET /api/candidate/v1/find';
const RECRUITER_CANDIDATE = 'GET /api/candidate/v1/find/{id}';
const IRC_LIST = 'GET /api/candidate/v1/irc/find';
const AGENT_PERMISSIONS = 'GET /api/agent-product/v1/find/{id}';

/** Screens whose call differs from their area's. */
const SCREEN_CALL: Readonly<Record<string, string>> = {
  'proposal-edit': 'POST /api/proposal/v1/update/{id}',
  'recruitment-application-view': RECRUITER_CANDIDATE,
  'recruitment-application-detail-item': RECRUITER_CANDIDATE,
  'recruitment-application-list': RECRUITER_LISTS,
  'recruitment-search': RECRUITER_LISTS,
  'recruit-new-agent-method': 'POST /api/candidate/v1/form/link',
  'recruitment-approve-successfully': 'POST /api/candidate/v1/form/review',
  'upload-irc': 'POST /api/candidate/v1/irc/upload',
  'upload-my-irc': 'POST /api/candidate/v1/irc/upload',
  'irc-list': IRC_LIST,
  'search-irc': IRC_LIST,
  agent: AGENT_PERMISSIONS,
  'product-permission': AGENT_PERMISSIONS,
  'product-permission-successful': AGENT_PERMISSIONS,
  'product-permission-failed': AGENT_PERMISSIONS,
  'agent-codes-history': AGENT_PERMISSIONS,
  'itc-class': 'GET /api/support/v1/enrollment/download',
  'upload-itc-exam-result': 'POST /api/support/v1/exam/upload',
};

/** The call a signed-in screen cannot do without (`METHOD /path`), or undefined for an open screen. */
export function screenCall(screen: Pick<Screen, 'id' | 'area' | 'requiresAuth'>): string | undefined {
  if (!screen.requiresAuth) return undefined;
  return SCREEN_CALL[screen.id] ?? AREA_CALL[screen.area];
}

/** Who may use the screen: PUBLIC for screens outside the signed-in app. */
export function screenAccess(screen: Pick<Screen, 'id' | 'area' | 'requiresAuth'>): Access {
  const call = screenCall(screen);
  if (call === undefined) return PUBLIC;
  const space = call.indexOf(' ');
  const access = accessFor(call.slice(0, space), call.slice(space + 1));
  if (access === undefined) throw new Error(`screen ${screen.id}: ${call} is not in the access policy`);
  return access;
}

/** Whether a signed-in user with these roles may use the screen. */
export function canUseScreen(screen: Pick<Screen, 'id' | 'area' | 'requiresAuth'>, roles: readonly string[]): boolean {
  const access = screenAccess(screen);
  return access === PUBLIC || decideAccess(access, roles) === 'allow';
}
