/**
 * Role strings of spec §6. The login response carries them in `user.roles`; routes declare the
 * roles they accept. What each role may do is decided per route (DESIGN.md §3), not here.
 */
export const ROLE_AAP = 'ROLE_AAP';
export const ROLE_BK = 'ROLE_BK';
export const ROLE_AS = 'ROLE_AS';
export const ROLE_AA = 'ROLE_AA';
export const ROLE_TRAINEE = 'ROLE_TRAINEE';
export const ROLE_CAN = 'ROLE_CAN';
export const ROLE_CNL = 'ROLE_CNL';

export const ROLES = [ROLE_AAP, ROLE_BK, ROLE_AS, ROLE_AA, ROLE_TRAINEE, ROLE_CAN, ROLE_CNL] as const;
export type Role = (typeof ROLES)[number];

/** What the spec says each role is (English, for docs and logs; screens translate their own labels). */
export const ROLE_DESCRIPTIONS: Readonly<Record<Role, string>> = {
  ROLE_AAP: 'agency',
  ROLE_BK: 'banca',
  ROLE_AS: 'agency service',
  ROLE_AA: 'agency admin',
  ROLE_TRAINEE: 'trainee',
  ROLE_CAN: 'candidate',
  ROLE_CNL: 'candidate non-login',
};

/** Advisors who sell: agency and banca. */
export const ADVISOR_ROLES = [ROLE_AAP, ROLE_BK] as const satisfies readonly Role[];

/** Who the agency admin gives a product list (the Agents screen): advisors, and trainees on their way to selling. */
export const PRODUCT_LIST_ROLES = [...ADVISOR_ROLES, ROLE_TRAINEE] as const satisfies readonly Role[];

/** Agency staff who look after the advisors of their agency. */
export const AGENCY_STAFF_ROLES = [ROLE_AS, ROLE_AA] as const satisfies readonly Role[];

/** Candidates are recruits; ROLE_CNL never signs in (it reaches the form through a secure link). */
export const CANDIDATE_ROLES = [ROLE_CAN, ROLE_CNL] as const satisfies readonly Role[];

/**
 * A candidate acting for themself: a candidate role (signed in, or through the secure link) and no
 * recruiter role. Such a session sees only its own form; its edits do not make it a "maker" of
 * the record for the four-eyes rule.
 */
export function isApplicant(roles: readonly string[]): boolean {
  return (
    !roles.includes(ROLE_AA) && !roles.includes(ROLE_AAP) && (CANDIDATE_ROLES as readonly string[]).some((role) => roles.includes(role))
  );
}

/** Every role except "candidate non-login" may hold a password and sign in. */
export const SIGN_IN_ROLES = [ROLE_AAP, ROLE_BK, ROLE_AS, ROLE_AA, ROLE_TRAINEE, ROLE_CAN] as const satisfies readonly Role[];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function canSignIn(role: Role): boolean {
  return (SIGN_IN_ROLES as readonly Role[]).includes(role);
}

/** True when any of the user's roles is in the accepted list. */
export function hasAnyRole(userRoles: readonly string[], accepted: readonly Role[]): boolean {
  return userRoles.some((role) => (accepted as readonly string[]).includes(role));
}
