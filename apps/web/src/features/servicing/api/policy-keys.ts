import type { PolicyStatus } from '@portal/domain/codes/policy-codes';

/** Query keys of the servicing feature; a mutation updates or invalidates the ones it affects. */
export interface PolicySearchKeyFilters {
  q: string;
  status: PolicyStatus | undefined;
}

export interface MilestoneKeyFilters {
  from: string;
  to: string;
  type: string | undefined;
}

export const policyKeys = {
  all: ['policies'] as const,
  summary: () => [...policyKeys.all, 'summary'] as const,
  searches: () => [...policyKeys.all, 'search'] as const,
  search: (filters: PolicySearchKeyFilters) => [...policyKeys.searches(), filters] as const,
  details: () => [...policyKeys.all, 'detail'] as const,
  detail: (policyNumber: string) => [...policyKeys.details(), policyNumber] as const,
  payments: (policyNumber: string) => [...policyKeys.all, 'payments', policyNumber] as const,
  pending: (policyNumber: string) => [...policyKeys.all, 'pending', policyNumber] as const,
  milestones: (filters: MilestoneKeyFilters) => [...policyKeys.all, 'milestones', filters] as const,
};

/** Policy numbers are capitals (the server reads any case); one cache entry per policy. */
export function normalisePolicyNumber(value: string | undefined): string {
  return (value ?? '').trim().toUpperCase();
}
