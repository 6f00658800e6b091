import type { Role } from '@portal/domain/codes/roles';

/** Label key of each role of spec §6. */
export const ROLE_LABEL_KEYS: Readonly<Record<Role, string>> = {
  ROLE_AAP: 'common:role_agency',
  ROLE_BK: 'common:role_banca',
  ROLE_AS: 'common:role_agency_service',
  ROLE_AA: 'common:role_agency_admin',
  ROLE_TRAINEE: 'common:role_trainee',
  ROLE_CAN: 'common:role_candidate',
  ROLE_CNL: 'common:role_candidate_non_login',
};

/** Label keys of the roles a user holds, in the user's order, unknown roles left out. */
export function roleLabelKeys(roles: readonly string[]): string[] {
  return roles.flatMap((role) => {
    const key = (ROLE_LABEL_KEYS as Record<string, string | undefined>)[role];
    return key ? [key] : [];
  });
}
