/** Query keys of the recruitment feature; a mutation invalidates `all`. */
export const candidateKeys = {
  all: ['candidates'] as const,
  form: (candidateNumber: string | null) => ['candidates', 'form', candidateNumber ?? 'own'] as const,
  one: (id: string) => ['candidates', 'one', id] as const,
  list: (query: Record<string, unknown>) => ['candidates', 'list', query] as const,
  irc: (q: string) => ['candidates', 'irc', q] as const,
  itc: ['candidates', 'itc'] as const,
  agent: (id: string) => ['candidates', 'agent', id] as const,
  agents: ['candidates', 'agents'] as const,
};
