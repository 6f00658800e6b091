import { Badge, Card, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BENEFICIARY_PRIORITY_CODES } from '@portal/domain/codes/client';
import type { PolicyBeneficiary } from '@portal/domain/contracts/policies/policy-fields';
import { usePolicyNumber } from '../hooks/policy-paths';
import { FieldList } from './field-list';
import { showDate } from './format';
import { BENEFICIARY_PRIORITY_KEYS, GENDER_KEYS, RELATIONSHIP_KEYS, TONE_TEXT } from './labels';
import { PersonNameText } from './person-name';
import { PolicyFrame } from './policy-frame';
import { EmptyNote } from './query-state';

function BeneficiaryCard({ beneficiary }: { beneficiary: PolicyBeneficiary }) {
  const { t } = useTranslation(['servicing']);
  const relationshipKey = RELATIONSHIP_KEYS[beneficiary.relationship];
  return (
    <Card withBorder padding="sm" component="article" data-beneficiary={beneficiary.priority}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs" wrap="nowrap">
        <PersonNameText name={beneficiary} strong />
        <Badge variant="light" radius="sm" tt="none" c={TONE_TEXT.brand} size="lg">
          {t('servicing:share_value', { share: beneficiary.shareBenifit })}
        </Badge>
      </Group>
      <FieldList
        fields={[
          {
            label: t('servicing:relationship'),
            value: relationshipKey
              ? `${t(relationshipKey)} (${beneficiary.relationship})`
              : t('servicing:relationship_code', { code: beneficiary.relationship }),
          },
          { label: t('servicing:share'), value: t('servicing:share_value', { share: beneficiary.shareBenifit }) },
          { label: t('servicing:gender'), value: beneficiary.gender ? t(GENDER_KEYS[beneficiary.gender]) : null },
          { label: t('servicing:date_of_birth'), value: showDate(beneficiary.dateOfBirth) },
        ]}
      />
    </Card>
  );
}

/** Beneficiaries by priority (p primary, s secondary), each with the share of the benefit and the relationship. */
export function BeneficiaryScreen() {
  const { t } = useTranslation(['servicing']);
  const policyNumber = usePolicyNumber();
  return (
    <PolicyFrame titleKey="servicing:beneficiary_title" current="beneficiary" policyNumber={policyNumber}>
      {(detail) =>
        detail.beneficiaries.length === 0 ? (
          <EmptyNote description={t('servicing:beneficiary_none')} />
        ) : (
          <Stack gap="lg" mb="lg">
            {BENEFICIARY_PRIORITY_CODES.map((priority) => {
              const group = detail.beneficiaries.filter((b) => b.priority === priority);
              if (group.length === 0) return null;
              return (
                <section key={priority} aria-labelledby={`beneficiaries-${priority}`}>
                  <Title order={2} size="h4" id={`beneficiaries-${priority}`} mb="xs">
                    {t(BENEFICIARY_PRIORITY_KEYS[priority])} ({priority})
                  </Title>
                  <Stack gap="sm">
                    {group.map((b) => (
                      <BeneficiaryCard key={`${b.firstName}-${b.lastName}-${b.relationship}`} beneficiary={b} />
                    ))}
                  </Stack>
                </section>
              );
            })}
          </Stack>
        )
      }
    </PolicyFrame>
  );
}
