import type { PremiumMode } from '@portal/domain/codes/premium-modes';
import type { ProposalStatus } from '@portal/domain/contracts/proposals/proposal-fields';

export const MODE_LABELS: Readonly<Record<PremiumMode, string>> = {
  annual: 'proposals:mode_annual',
  semiAnnual: 'proposals:mode_semiAnnual',
  quarterly: 'proposals:mode_quarterly',
  monthly: 'proposals:mode_monthly',
  singlePremium: 'proposals:mode_singlePremium',
};

export const STATUS_LABELS: Readonly<Record<ProposalStatus, string>> = {
  quoted: 'proposals:status_quoted',
  presented: 'proposals:status_presented',
  paymentRequested: 'proposals:status_paymentRequested',
};

export const COVERAGE_TYPE_LABELS = {
  B: 'proposals:coverage_B',
  R: 'proposals:coverage_R',
  W: 'proposals:coverage_W',
} as const;

export const RELATIONSHIP_LABELS: Readonly<Record<string, string>> = {
  '08': 'proposals:relationship_08',
  '51': 'proposals:relationship_51',
};
