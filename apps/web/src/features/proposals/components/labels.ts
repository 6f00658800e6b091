import type { ProposalStatus } from '@portal/domain/contracts/proposals/proposal-fields';

/** Premium mode and relationship labels: the domain's lists, which the application form PDF prints too. */
export { PREMIUM_MODE_LABELS as MODE_LABELS, RELATIONSHIP_LABELS } from '@portal/domain/codes/application-labels';

export const STATUS_LABELS: Readonly<Record<ProposalStatus, string>> = {
  quoted: 'proposals:status_quoted',
  presented: 'proposals:status_presented',
  paymentRequested: 'proposals:status_paymentRequested',
  applied: 'proposals:status_applied',
};

export const COVERAGE_TYPE_LABELS = {
  B: 'proposals:coverage_B',
  R: 'proposals:coverage_R',
  W: 'proposals:coverage_W',
} as const;
