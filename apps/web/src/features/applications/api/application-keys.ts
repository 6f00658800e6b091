/** Query keys of the applications feature; a mutation invalidates the ones it affects. */
export const applicationKeys = {
  all: ['applications'] as const,
  lists: () => [...applicationKeys.all, 'list'] as const,
  list: (filters: { q: string; status: string }) => [...applicationKeys.lists(), filters] as const,
  detail: (id: string) => [...applicationKeys.all, 'detail', id] as const,
  documents: (id: string) => [...applicationKeys.all, 'documents', id] as const,
  remoteSign: (id: string) => [...applicationKeys.all, 'remote-sign', id] as const,
  branches: (bankCode: string) => [...applicationKeys.all, 'branches', bankCode] as const,
  proposals: () => [...applicationKeys.all, 'proposals'] as const,
  products: () => [...applicationKeys.all, 'products'] as const,
};
