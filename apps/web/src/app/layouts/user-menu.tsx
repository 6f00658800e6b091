import { useState } from 'react';
import { Avatar, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Deferred } from '../../lib/deferred-component';
import { useSession } from '../../lib/session';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => Array.from(part)[0] ?? '')
    .join('')
    .toUpperCase();
}

const loadAccountMenu = () => import('./account-menu').then((m) => m.AccountMenu);

/**
 * The account button of the header. The menu behind it (account-menu.tsx) is fetched once the
 * shell has drawn; until then the same button stands in its place (pressing it fetches the menu
 * at once and opens it when it arrives; the keyboard focus moves over with the swap).
 */
export function UserMenu() {
  const { t } = useTranslation('common');
  const { user } = useSession();
  const [pressed, setPressed] = useState(false);
  const [focused, setFocused] = useState(false);
  const name = user ? user.displayName || user.username : '';
  const avatar = (
    <Avatar color="brand" radius="xl" size={36}>
      {initials(name)}
    </Avatar>
  );

  return (
    <Deferred
      load={loadAccountMenu}
      needed={pressed}
      props={{ avatar, name, defaultOpened: pressed, takeFocus: focused }}
      fallback={
        <UnstyledButton
          aria-label={t('common:account_menu')}
          aria-haspopup="menu"
          aria-expanded={false}
          className="user-menu-target"
          data-testid="user-menu"
          onClick={() => setPressed(true)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        >
          {avatar}
        </UnstyledButton>
      }
    />
  );
}
