import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { COVERAGE_TYPE_CODES } from '@portal/domain/codes/policy-codes';
import { usePolicyNumber } from '../hooks/policy-paths';
import { FieldList } from './field-list';
import { showDate, showMoney } from './format';
import { COVERAGE_TYPE_KEYS, TONE_TEXT } from './labels';
import { PolicyFrame } from './policy-frame';
import { productName } from '../../../lib/product-name';
import { EmptyNote } from './query-state';

/** The plans on the policy, grouped B base plan, R riders, W waivers, each with its sum assured, premium and terms. */
export function PlanCoverageScreen() {
  const { t } = useTranslation(['servicing']);
  const policyNumber = usePolicyNumber();
  return (
    <PolicyFrame titleKey="servicing:plan_coverage_title" current="plan-coverage" policyNumber={policyNumber}>
      {(detail) =>
        detail.coverages.length === 0 ? (
          <EmptyNote description={t('servicing:plan_coverage_empty')} />
        ) : (
          <Stack gap="lg" mb="lg">
            {COVERAGE_TYPE_CODES.map((type) => {
              const group = detail.coverages.filter((c) => c.coverageType === type);
              if (group.length === 0) return null;
              return (
                <section key={type} aria-labelledby={`coverage-${type}`}>
                  <Title order={2} size="h4" id={`coverage-${type}`} mb="xs">
                    {t(COVERAGE_TYPE_KEYS[type])}
                  </Title>
                  <Stack gap="sm">
                    {group.map((coverage) => (
                      <Card
                        key={`${coverage.productCode}-${coverage.planKey ?? ''}`}
                        withBorder
                        padding="sm"
                        component="article"
                        data-coverage={coverage.coverageType}
                      >
                        <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
                          <Text fw={700}>{productName(t, coverage.productCode)}</Text>
                          <Badge variant="light" radius="sm" tt="none" c={TONE_TEXT.brand}>
                            {t(COVERAGE_TYPE_KEYS[coverage.coverageType])}
                          </Badge>
                        </Group>
                        <FieldList
                          cols={3}
                          dense
                          fields={[
                            { label: t('servicing:face_amount'), value: showMoney(coverage.faceAmount) },
                            { label: t('servicing:premium'), value: showMoney(coverage.premium) },
                            {
                              label: t('servicing:policy_term'),
                              value: coverage.term === null ? null : t('servicing:years_value', { count: coverage.term }),
                            },
                            {
                              label: t('servicing:premium_term'),
                              value: coverage.premiumTerm === null ? null : t('servicing:years_value', { count: coverage.premiumTerm }),
                            },
                            { label: t('servicing:start_date'), value: showDate(coverage.startDate) },
                            { label: t('servicing:end_date'), value: showDate(coverage.endDate) },
                          ]}
                        />
                      </Card>
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
