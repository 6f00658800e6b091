import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AgencyUser } from '@portal/domain/contracts/agency-users/list-agency-users';
import { formatDisplayDate } from '@portal/domain/format/date';
import { TONE_TEXT } from '../../../components/ui/tone-text';

/** `2026-11-27T14:05:00+07:00` -> `27/11/2026 14:05` (Phnom Penh time, as the server sends it). */
export function displayDateTime(value: string): string {
  return `${formatDisplayDate(value.slice(0, 10))} ${value.slice(11, 16)}`;
}

const COLORS = { active: 'green', deactivated: 'gray', locked: 'orange' } as const;

/** The account's status in words; a lock says until when. */
export function UserStatus({ user }: { user: Pick<AgencyUser, 'status' | 'lockedUntil'> }) {
  const { t } = useTranslation(['agency']);
  const label =
    user.status === 'locked' && user.lockedUntil
      ? t('agency:status_locked_until', { time: displayDateTime(user.lockedUntil) })
      : t(`agency:status_${user.status}`);
  return (
    <Badge
      color={COLORS[user.status]}
      c={TONE_TEXT[COLORS[user.status]]}
      variant="light"
      tt="none"
      data-testid="user-status"
      data-status={user.status}
    >
      {label}
    </Badge>
  );
}
