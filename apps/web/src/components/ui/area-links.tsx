import type { ReactNode } from 'react';
import { canUseScreen } from '@portal/domain/screen-access';
import { SCREENS, type ScreenArea } from '@portal/domain/screens';
import {
  IconClipboard,
  IconFile,
  IconFunnel,
  IconHome,
  IconIdCard,
  IconSchool,
  IconShield,
  IconUser,
  IconUserPlus,
  IconUsers,
} from './icons';

/** The sections of the signed-in app, in menu order: base path, label key and icon. */
export interface AreaLink {
  area: ScreenArea;
  to: string;
  labelKey: string;
  icon: ReactNode;
}

export const AREA_LINKS: readonly AreaLink[] = [
  { area: 'home', to: '/home', labelKey: 'nav:home', icon: <IconHome /> },
  { area: 'contacts', to: '/home/contact', labelKey: 'nav:contacts', icon: <IconUsers /> },
  { area: 'proposals', to: '/home/proposal', labelKey: 'nav:proposals', icon: <IconFile /> },
  { area: 'applications', to: '/home/application/application-list', labelKey: 'nav:applications', icon: <IconClipboard /> },
  { area: 'servicing', to: '/home/servicing', labelKey: 'nav:servicing', icon: <IconShield /> },
  { area: 'recruitment', to: '/home/recruitment', labelKey: 'nav:recruitment', icon: <IconUserPlus /> },
  { area: 'compliance', to: '/home/compliance', labelKey: 'nav:compliance', icon: <IconSchool /> },
  { area: 'agency', to: '/home/agency/users', labelKey: 'nav:agency_users', icon: <IconIdCard /> },
  { area: 'agency', to: '/home/agency/pipeline', labelKey: 'nav:agency_pipeline', icon: <IconFunnel /> },
  { area: 'profile', to: '/home/profile', labelKey: 'nav:profile', icon: <IconUser /> },
];

/** The section links a user with these roles may open (the access policy, through screenAccess). */
export function areaLinksFor(roles: readonly string[]): AreaLink[] {
  return AREA_LINKS.filter((link) => {
    const screen = SCREENS.find((entry) => entry.path === link.to);
    return screen !== undefined && canUseScreen(screen, roles);
  });
}
