import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePolicyNumber } from '../hooks/policy-paths';
import { FieldList } from './field-list';
import { showDate, showMoney } from './format';
import { CLAIM_STATUS_COLORS, CLAIM_STATUS_KEYS, CLAIM_TYPE_KEYS, TONE_TEXT } from './labels';
import { PolicyFrame } from './policy-frame';
import { EmptyNote } from './query-state';

/** The policy's claims, newest first: type, status, dates, the amount claimed and paid. */
export function ClaimHistoryScreen() {
  const { t } = useTranslation(['servicing']);
  const policyNumber = usePolicyNumber();
  return (
    <PolicyFrame titleKey="servicing:claim_history_title" current="claim-history" policyNumber={policyNumber}>
      {(detail) =>
        detail.claims.length === 0 ? (
          <EmptyNote description={t('servicing:claim_history_empty')} />
        ) : (
          <Stack gap="sm" mb="lg" component="section" aria-label={t('servicing:claim_history_title')}>
            {detail.claims.map((claim) => (
              <Card
                key={claim.claimNumber}
                withBorder
                padding="sm"
                component="article"
                aria-labelledby={`claim-${claim.claimNumber}`}
                data-claim={claim.claimNumber}
              >
                <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
                  <div>
                    <Text fw={700} id={`claim-${claim.claimNumber}`}>
                      {t('servicing:claim_number_value', { number: claim.claimNumber })}
                    </Text>
                    <Text size="sm">{t(CLAIM_TYPE_KEYS[claim.claimType])}</Text>
                  </div>
                  <Badge
                    variant="light"
                    radius="sm"
                    tt="none"
                    color={CLAIM_STATUS_COLORS[claim.status]}
                    c={TONE_TEXT[CLAIM_STATUS_COLORS[claim.status]]}
                  >
                    {t(CLAIM_STATUS_KEYS[claim.status])}
                  </Badge>
                </Group>
                <FieldList
                  cols={3}
                  dense
                  fields={[
                    { label: t('servicing:claim_event_date'), value: showDate(claim.eventDate) },
                    { label: t('servicing:claim_submitted_date'), value: showDate(claim.submittedDate) },
                    { label: t('servicing:claim_decision_date'), value: showDate(claim.decisionDate) },
                    { label: t('servicing:claim_claimed_amount'), value: showMoney(claim.claimedAmount) },
                    { label: t('servicing:claim_paid_amount'), value: showMoney(claim.paidAmount) },
                  ]}
                />
              </Card>
            ))}
          </Stack>
        )
      }
    </PolicyFrame>
  );
}
