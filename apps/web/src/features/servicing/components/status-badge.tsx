import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PolicyStatus } from '@portal/domain/codes/policy-codes';
import { POLICY_STATUS_COLORS, POLICY_STATUS_KEYS, TONE_TEXT } from './labels';

/** A policy's status as a badge: its name in words and a colour (never the colour alone). */
export function StatusBadge({ status, size = 'md' }: { status: PolicyStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation(['servicing']);
  const color = POLICY_STATUS_COLORS[status];
  return (
    <Badge variant="light" color={color} c={TONE_TEXT[color]} size={size} radius="sm" tt="none" data-status={status}>
      {t(POLICY_STATUS_KEYS[status])}
    </Badge>
  );
}
