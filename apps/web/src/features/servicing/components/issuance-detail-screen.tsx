import { Card, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { usePolicyNumber } from '../hooks/policy-paths';
import { FieldList } from './field-list';
import { showDate } from './format';
import { DELIVERY_STATUS_KEYS, PREMIUM_MODE_KEYS } from './labels';
import { PolicyFrame } from './policy-frame';

/** How the policy was issued: application and proposal, dates, underwriting, the advisor, and where the printed pack is. */
export function IssuanceDetailScreen() {
  const { t } = useTranslation(['servicing']);
  const policyNumber = usePolicyNumber();
  return (
    <PolicyFrame titleKey="servicing:issuance_detail_title" current="issuance-detail" policyNumber={policyNumber}>
      {(detail) => {
        const agentName = currentLanguage() === 'km' && detail.agent.displayNameKh ? detail.agent.displayNameKh : detail.agent.displayName;
        return (
          <Stack gap="lg" mb="lg">
            <Card withBorder padding="md" component="section" aria-labelledby="issuance-heading">
              <Title order={2} size="h4" id="issuance-heading" mb="sm">
                {t('servicing:issuance_section')}
              </Title>
              <FieldList
                cols={3}
                fields={[
                  { label: t('servicing:issue_date'), value: showDate(detail.issueDate) },
                  { label: t('servicing:effective_date'), value: showDate(detail.effectiveDate) },
                  { label: t('servicing:maturity_date'), value: showDate(detail.maturityDate) },
                  {
                    label: t('servicing:policy_term'),
                    value: detail.policyTerm === null ? null : t('servicing:years_value', { count: detail.policyTerm }),
                  },
                  {
                    label: t('servicing:premium_term'),
                    value: detail.premiumTerm === null ? null : t('servicing:years_value', { count: detail.premiumTerm }),
                  },
                  { label: t('servicing:premium_mode'), value: t(PREMIUM_MODE_KEYS[detail.premiumMode]) },
                  { label: t('servicing:application_number'), value: detail.issuance?.applicationNumber },
                  { label: t('servicing:proposal_number'), value: detail.issuance?.proposalNumber },
                  { label: t('servicing:submission_date'), value: showDate(detail.issuance?.submissionDate) },
                  { label: t('servicing:approval_date'), value: showDate(detail.issuance?.approvalDate) },
                  { label: t('servicing:issuing_office'), value: detail.issuance?.issuingOffice },
                  { label: t('servicing:underwriting_decision'), value: detail.issuance?.underwritingDecision },
                ]}
              />
            </Card>
            <Card withBorder padding="md" component="section" aria-labelledby="servicing-agent-heading">
              <Title order={2} size="h4" id="servicing-agent-heading" mb="sm">
                {t('servicing:agent_section')}
              </Title>
              <FieldList
                fields={[
                  { label: t('servicing:agent_name'), value: agentName },
                  { label: t('servicing:agent_code'), value: detail.agent.agentCode },
                  {
                    label: t('servicing:agency'),
                    // The agency's own name, as the insurer's agency system spells it (not translated).
                    value:
                      detail.agent.agencyName || detail.agent.agencyCode ? (
                        <span translate="no">{[detail.agent.agencyName, detail.agent.agencyCode].filter(Boolean).join(' · ')}</span>
                      ) : null,
                  },
                  { label: t('servicing:delivery_status'), value: t(DELIVERY_STATUS_KEYS[detail.deliveryStatus]) },
                  { label: t('servicing:delivery_status_date'), value: showDate(detail.deliveryStatusDate) },
                ]}
              />
            </Card>
          </Stack>
        );
      }}
    </PolicyFrame>
  );
}
