import { centsToDecimal } from '@portal/domain/format/money';
import type { CalculatePremiumRequest } from '@portal/domain/contracts/engine/calculate-premium';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import { AppError, isAppError } from '../../lib/app-error';
import type { QuoteEngine } from '../proposals/proposal-engine';
import type { ContactForProposal, ProposalsRepository } from '../proposals/proposals.repository';
import type { ProposalSnapshot, ProposalSource } from './proposal-source';

/**
 * Proposals as the applications module reads them (repository and engine): the
 * caller's own saved proposal, its people, and its product recalculated by the premium engine as
 * of today (ages move on; the application records the premium the customer will pay). A
 * recalculation that now breaks a rule (an age limit passed since the quote) is 422 naming
 * `proposalId` and the engine's field, e.g. `proposalId.lifeInsured.dateOfBirth`.
 */
export function proposalsAsSource(proposals: ProposalsRepository, engine: QuoteEngine, now: () => Date = () => new Date()): ProposalSource {
  return {
    async find(ownerUserId: string, proposalId: string): Promise<ProposalSnapshot | undefined> {
      const row = await proposals.findVisible({ ownerUserId }, proposalId);
      if (!row) return undefined;
      const separate = row.policyOwnerContactId !== row.lifeInsuredContactId;
      const request: CalculatePremiumRequest = {
        productCode: row.productCode,
        planKey: row.planKey,
        lifeInsured: { dateOfBirth: row.lifeInsured.dateOfBirth, gender: row.lifeInsured.gender },
        ...(separate ? { policyOwner: { dateOfBirth: row.policyOwner.dateOfBirth, gender: row.policyOwner.gender } } : {}),
        faceAmount: centsToDecimal(row.faceAmountCents),
        policyTerm: row.policyTerm,
        premiumTerm: row.premiumTerm,
        riders: row.riders,
      };
      let quote;
      try {
        quote = await engine.calculate(request, todayInPhnomPenh(now()));
      } catch (error) {
        if (isAppError(error) && error.status === 422) {
          throw AppError.validation((error.errors ?? []).map((e) => ({ field: `proposalId.${e.field}`, key: e.key })));
        }
        throw error;
      }
      const modal = quote.premiumFirstYear[row.premiumMode];
      if (!modal) throw AppError.validation([{ field: 'proposalId.premiumMode', key: 'invalid' }]);
      // The people as sold (the proposal's), with their contact details as the contact book has them now.
      const [insuredContact, ownerContact] = await Promise.all([
        proposals.findContact(ownerUserId, row.lifeInsuredContactId),
        separate ? proposals.findContact(ownerUserId, row.policyOwnerContactId) : undefined,
      ]);
      const party = (p: typeof row.lifeInsured, c: ContactForProposal | undefined) => ({
        firstName: p.firstName,
        lastName: p.lastName,
        firstNameKh: p.firstNameKh,
        lastNameKh: p.lastNameKh,
        gender: p.gender,
        dateOfBirth: p.dateOfBirth,
        ...(c
          ? {
              contact: {
                idType: c.idType,
                idNumber: c.idNumber,
                phone: c.phone,
                email: c.email,
                occupation: c.occupation,
                address: c.address,
              },
            }
          : {}),
      });
      return {
        proposalId: row.id,
        lifeInsured: party(row.lifeInsured, insuredContact),
        policyOwner: party(row.policyOwner, separate ? ownerContact : insuredContact),
        ownerIsInsured: !separate,
        relationshipCode: row.relationshipCode,
        product: {
          proposalId: row.id,
          proposalNumber: row.proposalNumber,
          productCode: quote.productCode,
          planKey: quote.planKey,
          faceAmount: quote.faceAmount,
          policyTerm: quote.policyTerm,
          premiumTerm: quote.premiumTerm,
          riders: row.riders,
          premiumMode: row.premiumMode,
          premium: modal.premium,
          quote,
        },
      };
    },
    names: () => engine.names(),
  };
}
