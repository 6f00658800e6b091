import type { ScreenArea } from '@portal/domain/screens';
import type { ScreenComponents } from '../lib/screen-route';

/**
 * One lazy chunk per feature folder: the router loads an area's `screens.tsx` the first time one
 * of its screens opens. Written out (not computed) so the bundler sees every import.
 */
export const FEATURE_LOADERS: Readonly<Record<ScreenArea, () => Promise<{ screens: ScreenComponents }>>> = {
  auth: () => import('../features/auth/screens'),
  system: () => import('../features/auth/screens'),
  home: () => import('../features/dashboard/screens'),
  profile: () => import('../features/profile/screens'),
  contacts: () => import('../features/contacts/screens'),
  proposals: () => import('../features/proposals/screens'),
  applications: () => import('../features/applications/screens'),
  servicing: () => import('../features/servicing/screens'),
  recruitment: () => import('../features/recruitment/screens'),
  compliance: () => import('../features/compliance/screens'),
};
