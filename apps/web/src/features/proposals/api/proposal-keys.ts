import type { ProposalStatus } from '@portal/domain/contracts/proposals/proposal-fields';

/** Query keys of the proposals feature; a mutation invalidates the ones it affects. */
export interface ProposalListKeyFilters {
  q: string;
  status: ProposalStatus | undefined;
}

export const proposalKeys = {
  all: ['proposals'] as const,
  lists: () => [...proposalKeys.all, 'list'] as const,
  list: (filters: ProposalListKeyFilters) => [...proposalKeys.lists(), filters] as const,
  details: () => [...proposalKeys.all, 'detail'] as const,
  detail: (id: string) => [...proposalKeys.details(), id] as const,
  payment: (proposalNumber: string) => [...proposalKeys.all, 'payment', proposalNumber] as const,
  pdf: (id: string, lang: string, version: number) => [...proposalKeys.all, 'pdf', id, lang, version] as const,
  catalogue: ['catalogue'] as const,
  products: ['catalogue', 'products'] as const,
  contacts: (q: string) => [...proposalKeys.all, 'contacts', q] as const,
  contact: (id: string) => [...proposalKeys.all, 'contact', id] as const,
};
