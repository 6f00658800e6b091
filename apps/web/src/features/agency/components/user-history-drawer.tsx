import { isolate } from '../../../lib/bidi';
import { Alert, Drawer, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AGENCY_USER_HISTORY_ACTIONS } from '@portal/domain/contracts/agency-users/agency-user-history';
import type { AgencyUser } from '@portal/domain/contracts/agency-users/list-agency-users';
import { isApiError } from '../../../lib/api-client';
import { currentLanguage, translateErrorKey } from '../../../lib/i18n';
import { useAgencyUserHistory } from '../api/agency-user-history';
import { displayDateTime } from './user-status';

const KNOWN: ReadonlySet<string> = new Set(AGENCY_USER_HISTORY_ACTIONS);

/** What happened to one user's account, newest first, each with who did it and when. */
export function UserHistoryDrawer({ user, onClose }: { user: AgencyUser | null; onClose: () => void }) {
  const { t } = useTranslation(['agency', 'common']);
  const history = useAgencyUserHistory(user?.id ?? null);
  const km = currentLanguage() === 'km';
  const name = user ? (km && user.displayNameKh ? user.displayNameKh : user.displayName) : '';
  return (
    <Drawer
      opened={user !== null}
      onClose={onClose}
      position="right"
      size="md"
      title={t('agency:history_title', { name })}
      closeButtonProps={{ 'aria-label': t('common:close') }}
    >
      {history.isPending ? (
        <Stack gap="sm" role="status" aria-label={t('common:loading')} aria-busy="true">
          <Skeleton height={40} />
          <Skeleton height={40} />
        </Stack>
      ) : history.isError ? (
        <Alert color="red" variant="light" role="alert">
          {translateErrorKey(isApiError(history.error) ? history.error.messageKey : 'system_error')}
        </Alert>
      ) : history.data.items.length === 0 ? (
        <Text c="dimmed">{t('agency:history_empty')}</Text>
      ) : (
        <Timeline bulletSize={12} lineWidth={2} data-testid="user-history">
          {history.data.items.map((entry) => (
            <Timeline.Item
              key={entry.id}
              title={t(KNOWN.has(entry.action) ? `agency:history_${entry.action}` : 'agency:history_other')}
              data-testid="history-entry"
              data-action={entry.action}
            >
              <Text size="sm" c="dimmed">
                {displayDateTime(entry.at)}
                {' · '}
                {entry.actor
                  ? t('agency:history_by', {
                      name: isolate(km && entry.actor.displayNameKh ? entry.actor.displayNameKh : entry.actor.displayName),
                    })
                  : t('agency:history_by_nobody')}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  );
}
