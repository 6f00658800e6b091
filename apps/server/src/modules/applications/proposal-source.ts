import type { ApplicationParty, ApplicationProduct } from '@portal/domain/contracts/applications/application-response';
import type { ProductNames } from './application-form';

/** What an application takes from a saved proposal. */
export interface ProposalSnapshot {
  proposalId: string;
  lifeInsured: ApplicationParty;
  policyOwner: ApplicationParty;
  /** The life insured is also the policy owner. */
  ownerIsInsured: boolean;
  /** The owner's relationship to the life insured; null when unknown or the same person. */
  relationshipCode: string | null;
  /** The proposal's product, recalculated by the premium engine as of today. */
  product: ApplicationProduct;
}

/**
 * Where the applications module reads proposals (issue 5 owns them). `find` answers the caller's
 * own proposal, or undefined for an unknown or another advisor's one.
 */
export interface ProposalSource {
  find(ownerUserId: string, proposalId: string): Promise<ProposalSnapshot | undefined>;
  /** The catalogue's product, plan and rider names (the application form prints them); absent: codes. */
  names?(): Promise<ProductNames>;
}

/** Until the proposals module is merged: no proposal is found (create answers 422 on proposalId). */
export const noProposals: ProposalSource = {
  find: async () => undefined,
};
