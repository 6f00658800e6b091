import type { ScreenComponents } from '../../lib/screen-route';
import { AgencyUsersScreen } from './components/agency-users-screen';

/** The agency admin's users (not a spec §2 screen; asked for by operations). */
export const screens: ScreenComponents = {
  'agency-users': AgencyUsersScreen,
};
