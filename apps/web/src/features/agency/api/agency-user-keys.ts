/** Query keys of the agency users feature; an action invalidates `all`. */
export const agencyUserKeys = {
  all: ['agency-users'] as const,
  list: ['agency-users', 'list'] as const,
  history: (id: string) => ['agency-users', 'history', id] as const,
};
