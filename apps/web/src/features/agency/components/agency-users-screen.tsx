import { useMemo, useState } from 'react';
import { Alert, Button, Card, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import type { AgencyUserAction } from '@portal/domain/contracts/agency-users/agency-user-actions';
import type { AgencyUser } from '@portal/domain/contracts/agency-users/list-agency-users';
import { PageHeader } from '../../../components/ui/page-header';
import { isApiError } from '../../../lib/api-client';
import { currentLanguage, translateErrorKey } from '../../../lib/i18n';
import { roleLabelKeys } from '../../../lib/role-labels';
import { useActOnAgencyUser } from '../api/act-on-agency-user';
import { useAgencyUsers } from '../api/list-agency-users';
import { ConfirmDialog } from './confirm-dialog';
import { UserActionsMenu } from './user-actions-menu';
import { UserHistoryDrawer } from './user-history-drawer';
import { displayDateTime, UserStatus } from './user-status';

/** Actions asked about first: they end the user's sessions or their passkeys. */
const CONFIRMED: ReadonlySet<AgencyUserAction> = new Set(['deactivate', 'reset-passkeys']);

function errorText(error: unknown): string {
  return translateErrorKey(isApiError(error) ? error.messageKey : 'system_error');
}

/** The name in the page's language (Khmer when the user has one). */
function nameOf(user: AgencyUser, km: boolean): string {
  return km && user.displayNameKh ? user.displayNameKh : user.displayName;
}

function matches(user: AgencyUser, term: string): boolean {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return true;
  return [user.displayName, user.displayNameKh ?? '', user.username].some((text) => text.toLocaleLowerCase().includes(needle));
}

/** The agency admin's users: search, status, and each user's actions and history. */
export function AgencyUsersScreen() {
  const { t } = useTranslation(['agency', 'common']);
  const list = useAgencyUsers();
  const act = useActOnAgencyUser();
  const km = currentLanguage() === 'km';
  const [search, setSearch] = useState('');
  const [pending, setPending] = useState<{ user: AgencyUser; action: AgencyUserAction } | null>(null);
  const [historyOf, setHistoryOf] = useState<AgencyUser | null>(null);
  const shown = useMemo(() => (list.data?.items ?? []).filter((u) => matches(u, search)), [list.data, search]);

  async function run(user: AgencyUser, action: AgencyUserAction) {
    try {
      await act.mutateAsync({ id: user.id, action });
      notifications.show({ color: 'green', message: t(`agency:done_${action}`, { name: nameOf(user, km) }) });
    } catch (error) {
      notifications.show({ color: 'red', message: errorText(error) });
    } finally {
      setPending(null);
    }
  }

  function choose(user: AgencyUser, action: AgencyUserAction) {
    if (CONFIRMED.has(action)) setPending({ user, action });
    else void run(user, action);
  }

  return (
    <>
      <PageHeader titleKey="agency:users_title" subtitle={t('agency:users_text')} />
      <TextInput
        label={t('agency:search_label')}
        placeholder={t('agency:search_placeholder')}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        mb="md"
        type="search"
        data-testid="user-search"
      />
      {list.isPending ? (
        <Stack gap="sm" role="status" aria-live="polite" aria-label={t('common:loading')} aria-busy="true">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={96} radius="md" />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red" variant="light" title={t('common:error_title')} role="alert">
          <Stack gap="sm" align="flex-start">
            <span>{errorText(list.error)}</span>
            <Button variant="default" size="sm" onClick={() => void list.refetch()}>
              {t('common:retry')}
            </Button>
          </Stack>
        </Alert>
      ) : shown.length === 0 ? (
        <Text c="dimmed" py="lg" data-testid="users-empty">
          {search.trim() ? t('agency:search_empty') : t('agency:users_empty')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} data-testid="user-list">
          {shown.map((user) => {
            const name = nameOf(user, km);
            return (
              <Card key={user.id} withBorder padding="sm" component="li" data-testid="user-row" data-username={user.username}>
                <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                  <Stack gap={4} style={{ minWidth: 0 }}>
                    <Text fw={600} translate="no" lang={km && user.displayNameKh ? 'km' : undefined}>
                      {name}
                    </Text>
                    <Text size="sm" c="dimmed" translate="no" style={{ overflowWrap: 'anywhere' }}>
                      {user.username}
                    </Text>
                    <Text size="sm">
                      {[
                        roleLabelKeys(user.roles)
                          .map((key) => t(key))
                          .join(', '),
                        user.agentCode ? t('agency:agent_code', { code: user.agentCode }) : null,
                        user.maskedPhone,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                    <Group gap="xs">
                      <UserStatus user={user} />
                    </Group>
                    <Text size="sm" c="dimmed">
                      {t('agency:passkeys', { count: user.passkeyCount })}
                      {' · '}
                      {user.lastSignInAt
                        ? t('agency:last_sign_in', { time: displayDateTime(user.lastSignInAt) })
                        : t('agency:never_signed_in')}
                    </Text>
                  </Stack>
                  <UserActionsMenu
                    user={user}
                    name={name}
                    onAction={(action) => choose(user, action)}
                    onHistory={() => setHistoryOf(user)}
                  />
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
      <ConfirmDialog
        opened={pending !== null}
        title={pending ? t(`agency:confirm_${pending.action}_title`) : ''}
        text={pending ? t(`agency:confirm_${pending.action}_text`, { name: nameOf(pending.user, km) }) : ''}
        confirmLabel={pending ? t(`agency:action_${pending.action}`) : ''}
        busy={act.isPending}
        onConfirm={() => pending && void run(pending.user, pending.action)}
        onClose={() => setPending(null)}
      />
      <UserHistoryDrawer user={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
