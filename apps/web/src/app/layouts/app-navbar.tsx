import { NavLink, ScrollArea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AREA_LINKS } from '../../components/ui/area-links';
import { useCurrentScreen } from '../../lib/screen-route';

/** One link per section; the current section is marked for sight and for screen readers. */
export function AppNavbar() {
  const { t } = useTranslation('nav');
  const area = useCurrentScreen()?.area;
  return (
    <ScrollArea type="scroll" h="100%">
      {AREA_LINKS.map((link) => {
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
          />
        );
      })}
    </ScrollArea>
  );
}
