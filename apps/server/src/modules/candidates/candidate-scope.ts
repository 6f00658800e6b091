import { isApplicant as isApplicantRoles, ROLE_AA, ROLE_AAP, ROLE_CAN, ROLE_CNL } from '@portal/domain/codes/roles';
import { AppError } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth-types';
import type { CandidateScope } from './candidates.repository';

/**
 * Which candidates a caller sees (the access policy already decided they may call at all):
 * an agency admin their agency's, an agency advisor the ones they recruited, a candidate (ROLE_CAN,
 * or ROLE_CNL through the secure link) only their own form. Others' candidates answer 404.
 */
export function candidateScope(user: AuthUser): CandidateScope {
  if (user.roles.includes(ROLE_AA) && user.agencyId) return { agencyId: user.agencyId };
  if (user.roles.includes(ROLE_AAP)) return { recruiterUserId: user.id };
  if (user.roles.includes(ROLE_CNL) || user.roles.includes(ROLE_CAN)) return { applicantUserId: user.id };
  throw AppError.http(403);
}

export function isApplicant(user: AuthUser): boolean {
  return isApplicantRoles(user.roles);
}

/** The role a history row names for the person who moved a candidate. */
export function actingRole(user: AuthUser): string | null {
  return ([ROLE_AA, ROLE_AAP, ROLE_CAN, ROLE_CNL] as const).find((r) => user.roles.includes(r)) ?? user.roles[0] ?? null;
}
