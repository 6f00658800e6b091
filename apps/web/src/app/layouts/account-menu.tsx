import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Group, Menu, Modal, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { IconLogout, IconUser } from '../../components/ui/icons';
import { logout } from '../../features/auth/api/logout';
import { listOutbox } from '../../lib/offline/outbox';
import { roleLabelKeys } from '../../lib/role-labels';
import { useSession } from '../../lib/session';

export interface AccountMenuProps {
  /** The avatar the button shows (user-menu.tsx draws the same before this chunk is there). */
  avatar: ReactNode;
  name: string;
  /** Opened at once: the button was pressed before this chunk had arrived. */
  defaultOpened: boolean;
  /** The stand-in button had the keyboard focus: this one takes it over. */
  takeFocus: boolean;
}

/**
 * The signed-in user's menu: who is signed in, the profile, and sign out. Its own chunk (Menu,
 * Popover, floating-ui, focus trap): UserMenu loads it after the shell has drawn.
 */
export function AccountMenu({ avatar, name, defaultOpened, takeFocus }: AccountMenuProps) {
  const { t } = useTranslation(['common', 'offline']);
  const { user } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const button = useRef<HTMLButtonElement>(null);
  const focusOnMount = useRef(takeFocus);

  useEffect(() => {
    if (focusOnMount.current) button.current?.focus();
  }, []);

  /** Items made offline and not sent yet: signing out erases them, so the menu asks first. */
  const [unsent, setUnsent] = useState(0);

  const signOut = async () => {
    setUnsent(0);
    // The stored login is cleared at once; the server is told meanwhile.
    const ended = logout();
    queryClient.clear();
    notifications.show({ message: t('common:signed_out') });
    await navigate('/auth/signin', { replace: true });
    await ended;
  };

  const askToSignOut = async () => {
    const waiting = user ? await listOutbox(user.id).catch(() => []) : [];
    if (waiting.length > 0) setUnsent(waiting.length);
    else await signOut();
  };

  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" defaultOpened={defaultOpened}>
        <Menu.Target>
          <UnstyledButton ref={button} aria-label={t('common:account_menu')} className="user-menu-target" data-testid="user-menu">
            {avatar}
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)">
              {t('common:signed_in_as', { name })}
            </Text>
            {user ? (
              <Text size="xs" c="dimmed">
                {roleLabelKeys(user.roles)
                  .map((key) => t(key))
                  .join(', ')}
              </Text>
            ) : null}
          </Menu.Label>
          <Menu.Divider />
          <Menu.Item component={Link} to="/home/profile" leftSection={<IconUser size={18} />}>
            {t('common:my_profile')}
          </Menu.Item>
          <Menu.Item color="red" leftSection={<IconLogout size={18} />} onClick={() => void askToSignOut()} data-testid="sign-out">
            {t('common:sign_out')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Modal opened={unsent > 0} onClose={() => setUnsent(0)} title={t('offline:sign_out_unsent_title')} centered>
        <Text mb="md" data-testid="sign-out-unsent">
          {t('offline:sign_out_unsent_body', { count: unsent })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setUnsent(0)} data-autofocus data-testid="sign-out-stay">
            {t('offline:sign_out_stay')}
          </Button>
          <Button color="red" onClick={() => void signOut()} data-testid="sign-out-erase">
            {t('offline:sign_out_erase')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
