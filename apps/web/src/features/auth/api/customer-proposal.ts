import {
  customerProposalSchema,
  openProposalLinkResponseSchema,
  VIEW_TOKEN_HEADER,
  type CustomerProposal,
  type OpenProposalLinkResponse,
} from '@portal/domain/contracts/proposals/send-to-customer';
import type { Language } from '@portal/domain/codes/languages';
import { api } from '../../../lib/api-client';

/** POST /api/customer/v1/proposal/open — spends the SMS link for the proposal and a view token. */
export async function openProposalLink(token: string): Promise<OpenProposalLinkResponse> {
  return openProposalLinkResponseSchema.parse(await api.post<unknown>('/api/customer/v1/proposal/open', { token }, { auth: false }));
}

/** GET /api/customer/v1/proposal — the proposal again for a kept view token. */
export async function findCustomerProposal(viewToken: string): Promise<CustomerProposal> {
  return customerProposalSchema.parse(
    await api.get<unknown>('/api/customer/v1/proposal', { auth: false, headers: { [VIEW_TOKEN_HEADER]: viewToken } }),
  );
}

/** GET /api/customer/v1/proposal/report — the proposal's PDF in `lang`. */
export function customerProposalPdf(viewToken: string, lang: Language): Promise<Blob> {
  return api.get<Blob>('/api/customer/v1/proposal/report', {
    auth: false,
    query: { lang },
    responseType: 'blob',
    headers: { [VIEW_TOKEN_HEADER]: viewToken },
  });
}
