import type { DashboardLink } from '@portal/domain/contracts/user/dashboard';
import { SCREENS } from '@portal/domain/screens';

const PATHS = new Map(SCREENS.map((s) => [s.id, s.path]));

/** The app path of a figure's link (a screen id and its query); the dashboard itself when unknown. */
export function linkPath(link: DashboardLink): string {
  const path = PATHS.get(link.screen) ?? '/home';
  const query = link.query ? new URLSearchParams(link.query).toString() : '';
  return query ? `${path}?${query}` : path;
}
