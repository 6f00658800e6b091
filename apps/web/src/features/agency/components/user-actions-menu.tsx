import { Button, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgencyUserAction } from '@portal/domain/contracts/agency-users/agency-user-actions';
import type { AgencyUser } from '@portal/domain/contracts/agency-users/list-agency-users';

/** The actions that make sense for the user as they are now. */
export function actionsFor(user: AgencyUser): AgencyUserAction[] {
  if (user.status === 'deactivated') return ['reactivate'];
  return [
    ...(user.status === 'locked' ? (['unlock'] as const) : []),
    'send-set-password-link' as const,
    ...(user.passkeyCount > 0 ? (['reset-passkeys'] as const) : []),
    ...(user.self ? [] : (['deactivate'] as const)),
  ];
}

/** One user's actions behind a menu button, and the way to their history. */
export function UserActionsMenu({
  user,
  name,
  onAction,
  onHistory,
}: {
  user: AgencyUser;
  name: string;
  onAction: (action: AgencyUserAction) => void;
  onHistory: () => void;
}) {
  const { t } = useTranslation(['agency']);
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Never narrower than its label: beside a long name on a phone the card's text wraps instead. */}
        <Button
          size="xs"
          variant="default"
          style={{ flexShrink: 0 }}
          aria-label={t('agency:actions_for', { name })}
          data-testid="user-actions"
        >
          {t('agency:actions')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {actionsFor(user).map((action) => (
          <Menu.Item
            key={action}
            color={action === 'deactivate' ? 'red.9' : undefined}
            onClick={() => onAction(action)}
            data-action={action}
          >
            {t(`agency:action_${action}`)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item onClick={onHistory} data-action="history">
          {t('agency:action_history')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
