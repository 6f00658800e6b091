import type { ApplicationParty, ApplicationProduct } from '@portal/domain/contracts/applications/application-response';
import type { ProductNames } from './application-form';

/** A person's contact details as the advisor's contact book has them now (step 0 starts from them). */
export interface ContactDetails {
  idType: string | null;
  idNumber: string | null;
  phone: string | null;
  email: string | null;
  occupation: string | null;
  address: string | null;
}

/** What an application takes from a saved proposal. */
export interface ProposalSnapshot {
  proposalId: string;
  lifeInsured: ApplicationParty & { contact?: ContactDetails };
  policyOwner: ApplicationParty & { contact?: ContactDetails };
  /** The life insured is also the policy owner. */
  ownerIsInsured: boolean;
  /** The owner's relationship to the life insured; null when unknown or the same person. */
  relationshipCode: string | null;
  /** The proposal's product, recalculated by the premium engine as of today. */
  product: ApplicationProduct;
}

/**
 * Where the applications module reads proposals. `find` answers the caller's
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
