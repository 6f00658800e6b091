import type { ReactNode } from 'react';
import { Anchor, Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PolicyDetailsResponse } from '@portal/domain/contracts/policies/find-policy-details';
import { PageHeader } from '../../../components/ui/page-header';
import { isApiError } from '../../../lib/api-client';
import { usePolicyDetails } from '../api/find-policy-details';
import { policyScreenPath, searchPath, type PolicyScreenId } from '../hooks/policy-paths';
import { PolicySections } from './policy-sections';
import { PolicySummary } from './policy-summary';
import { EmptyNote, LoadingBlocks, QueryError } from './query-state';

/**
 * The frame of every screen about one policy: its title, the way back to the policy, the one
 * cached detail call with its loading, not-found and error states, then the screen's content and
 * the links to the policy's other parts.
 */
export function PolicyFrame({
  titleKey,
  current,
  policyNumber,
  children,
}: {
  titleKey: string;
  current: PolicyScreenId;
  policyNumber: string;
  children: (detail: PolicyDetailsResponse) => ReactNode;
}) {
  const { t } = useTranslation(['servicing', 'common', 'errors']);
  const query = usePolicyDetails(policyNumber);
  const isDetail = current === 'policy-detail';

  let body: ReactNode;
  if (policyNumber === '' || (query.isError && isApiError(query.error) && query.error.status === 404)) {
    body = (
      <EmptyNote description={t('servicing:policy_not_found')}>
        <Button component={Link} to={searchPath()} variant="light">
          {t('servicing:search_title')}
        </Button>
      </EmptyNote>
    );
  } else if (query.isPending) {
    body = <LoadingBlocks rows={4} height={72} />;
  } else if (query.isError) {
    body = <QueryError error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    const detail = query.data;
    body = (
      <>
        <PolicySummary detail={detail} compact={!isDetail} />
        {children(detail)}
        <PolicySections detail={detail} current={current} />
      </>
    );
  }

  return (
    <>
      <Group mb="xs">
        {isDetail ? (
          <Anchor component={Link} to={searchPath()} size="sm">
            ‹ {t('servicing:back_to_search')}
          </Anchor>
        ) : (
          <Anchor component={Link} to={policyScreenPath('policy-detail', policyNumber)} size="sm">
            ‹ {t('servicing:back_to_policy', { number: policyNumber })}
          </Anchor>
        )}
      </Group>
      <PageHeader titleKey={titleKey} subtitle={policyNumber ? t('servicing:policy_number_value', { number: policyNumber }) : undefined} />
      {body}
    </>
  );
}
