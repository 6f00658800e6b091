import { Box, NavLink } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { areaLinksFor } from '../../components/ui/area-links';
import { useRoles } from '../../lib/session';
import { useCurrentScreen } from '../../lib/screen-route';
import { prefetchArea, prefetchWhenIdle } from '../feature-loaders';

/**
 * One link per section the user's roles may open (areaLinksFor: the access policy); the current
 * section is marked for sight and for screen readers. Each section's code is fetched ahead: on hover, focus or touch of its link, and when the browser
 * is idle (feature-loaders.ts prefetchArea / prefetchWhenIdle). The list scrolls natively (when
 * a short phone cannot show it whole): Mantine's ScrollArea would bring floating-ui along into the
 * signed-in shell's first load.
 */
export function AppNavbar() {
  const { t } = useTranslation('nav');
  const area = useCurrentScreen()?.area;
  const roles = useRoles();
  const links = useMemo(() => areaLinksFor(roles), [roles]);
  useEffect(() => prefetchWhenIdle(links.map((link) => link.area)), [links]);
  return (
    <Box h="100%" className="app-navbar-scroll">
      {links.map((link) => {
        const active = link.area === area;
        return (
          <NavLink
            key={link.to}
            component={Link}
            to={link.to}
            label={t(link.labelKey)}
            leftSection={link.icon}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            className="app-nav-link"
            onMouseEnter={() => prefetchArea(link.area)}
            onFocus={() => prefetchArea(link.area)}
            onTouchStart={() => prefetchArea(link.area)}
          />
        );
      })}
    </Box>
  );
}
