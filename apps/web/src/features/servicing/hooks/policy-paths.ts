import { useParams, useSearchParams } from 'react-router';
import { SCREENS } from '@portal/domain/screens';
import { normalisePolicyNumber } from '../api/policy-keys';

/** The servicing screens that show one policy (their paths come from the shared screen list). */
export type PolicyScreenId =
  | 'policy-detail'
  | 'policy-owner'
  | 'life-insured'
  | 'beneficiary'
  | 'claim-history'
  | 'issuance-detail'
  | 'policy-value'
  | 'plan-coverage'
  | 'premium-payment'
  | 'premium-list'
  | 'customer-milestone';

const POLICY_PARAM = ':policyNumber';
const POLICY_QUERY = 'policyNumber';

/**
 * The URL of a policy screen. Screens whose route names the policy in the path get it there;
 * premium-list and customer-milestone (whose routes have no parameter: they also list every
 * customer) get `?policyNumber=`.
 */
export function policyScreenPath(id: PolicyScreenId, policyNumber: string): string {
  const path = SCREENS.find((screen) => screen.id === id)?.path ?? '/home/servicing';
  const number = encodeURIComponent(policyNumber);
  return path.includes(POLICY_PARAM) ? path.replace(POLICY_PARAM, number) : `${path}?${POLICY_QUERY}=${number}`;
}

export function searchPath(status?: string): string {
  const path = SCREENS.find((screen) => screen.id === 'servicing-search')?.path ?? '/home/servicing/search';
  return status ? `${path}?status=${encodeURIComponent(status)}` : path;
}

/** The policy number of the current screen, from the path or from `?policyNumber=`; '' when none. */
export function usePolicyNumber(): string {
  const params = useParams();
  const [search] = useSearchParams();
  return normalisePolicyNumber(params.policyNumber ?? search.get(POLICY_QUERY) ?? '');
}
