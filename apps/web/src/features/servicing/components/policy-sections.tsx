import { Card, NavLink, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { policyScreenPath, type PolicyScreenId } from '../hooks/policy-paths';
import { latinName } from './format';

interface Section {
  id: Exclude<PolicyScreenId, 'policy-detail'>;
  titleKey: string;
  /** A short line of what the section holds, from the cached detail. */
  summary: (detail: PolicyDetailsResponse, t: TFunction) => string;
}

const SECTIONS: readonly Section[] = [
  { id: 'policy-owner', titleKey: 'servicing:policy_owner_title', summary: (d) => latinName(d.owner) },
  { id: 'life-insured', titleKey: 'servicing:life_insured_title', summary: (d) => latinName(d.insured) },
  {
    id: 'beneficiary',
    titleKey: 'servicing:beneficiary_title',
    summary: (d, t) => t('servicing:count_beneficiaries', { count: d.beneficiaries.length }),
  },
  {
    id: 'plan-coverage',
    titleKey: 'servicing:plan_coverage_title',
    summary: (d, t) => t('servicing:count_coverages', { count: d.coverages.length }),
  },
  {
    id: 'policy-value',
    titleKey: 'servicing:policy_value_title',
    summary: (d, t) => t('servicing:count_value_years', { count: d.values.length }),
  },
  {
    id: 'premium-payment',
    titleKey: 'servicing:premium_payment_title',
    summary: (d, t) => t('servicing:count_payments', { count: d.payments.count }),
  },
  { id: 'premium-list', titleKey: 'servicing:premium_list_title', summary: (_d, t) => t('servicing:premium_list_summary') },
  {
    id: 'claim-history',
    titleKey: 'servicing:claim_history_title',
    summary: (d, t) => t('servicing:count_claims', { count: d.claims.length }),
  },
  { id: 'issuance-detail', titleKey: 'servicing:issuance_detail_title', summary: (_d, t) => t('servicing:issuance_summary') },
  {
    id: 'customer-milestone',
    titleKey: 'servicing:customer_milestone_title',
    summary: (d, t) => t('servicing:count_milestones', { count: d.milestones.length }),
  },
];

/**
 * Links to every part of the policy, as a list that fits a 360-px phone (tabs would scroll out
 * of sight). Each link says what is behind it ("3 beneficiaries"); the current screen is left out.
 */
export function PolicySections({ detail, current }: { detail: PolicyDetailsResponse; current?: PolicyScreenId }) {
  const { t } = useTranslation(['servicing']);
  const headingKey = current && current !== 'policy-detail' ? 'servicing:sections_more' : 'servicing:sections_title';
  return (
    <Card withBorder padding="xs" component="nav" aria-labelledby="policy-sections-heading" mb="lg">
      <Title order={2} size="h5" id="policy-sections-heading" px="xs" pt={4} pb={6}>
        {t(headingKey)}
      </Title>
      {SECTIONS.filter((section) => section.id !== current).map((section) => (
        <NavLink
          key={section.id}
          component={Link}
          to={policyScreenPath(section.id, detail.policyNumber)}
          label={
            <Text fw={600} size="sm">
              {t(section.titleKey)}
            </Text>
          }
          description={section.summary(detail, t)}
          rightSection={<span aria-hidden="true">›</span>}
          data-section={section.id}
        />
      ))}
    </Card>
  );
}
