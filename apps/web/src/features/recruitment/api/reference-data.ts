import { useQuery } from '@tanstack/react-query';
import type { Candidate, ItcClass } from '@portal/domain/contracts/candidates/candidate';
import type { AgentListResponse, AgentProductsResponse } from '@portal/domain/contracts/candidates/agent-products';
import { api } from '../../../lib/api-client';
import { candidateKeys } from './candidate-keys';

/** GET /api/candidate/v1/itc/classes. */
export function useItcClasses() {
  return useQuery({ queryKey: candidateKeys.itc, queryFn: () => api.get<{ items: ItcClass[] }>('/api/candidate/v1/itc/classes') });
}

/** GET /api/candidate/v1/find/{id}. */
export function useCandidate(id: string | null) {
  return useQuery({
    queryKey: candidateKeys.one(id ?? ''),
    queryFn: () => api.get<Candidate>(`/api/candidate/v1/find/${id}`),
    enabled: !!id,
  });
}

/** GET /api/agent-product/v1/agents — the agency's advisors and trainees, by name. */
export function useAgents() {
  return useQuery({
    queryKey: candidateKeys.agents,
    queryFn: () => api.get<AgentListResponse>('/api/agent-product/v1/agents'),
  });
}

/** GET /api/agent-product/v1/find/{id} — the agent's products and codes over time. */
export function useAgentProducts(agentId: string | null) {
  return useQuery({
    queryKey: candidateKeys.agent(agentId ?? ''),
    queryFn: () => api.get<AgentProductsResponse>(`/api/agent-product/v1/find/${agentId}`),
    enabled: !!agentId,
  });
}
