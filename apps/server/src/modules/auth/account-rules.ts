import { canSignIn } from '@portal/domain/codes/roles';
import type { AppUser } from '../../db/schema/app-user.table';

/** May this account sign in (or keep a session) at all: active, with a role that signs in? */
export function canUseAccount(user: AppUser): boolean {
  return user.status === 'active' && user.roles.some(canSignIn);
}
