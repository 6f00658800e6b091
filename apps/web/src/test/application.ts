import { emptyWizardCompletion } from '@portal/domain/codes/wizard-steps';
import type { ApplicationResponse } from '@portal/domain/contracts/applications/application-response';
import { emptyStepData } from '@portal/domain/contracts/applications/application-steps';

export const APPLICATION_ID = 'app-1';

const quote = {
  productCode: 'LTU05',
  planKey: 'LTU05',
  catalogueVersion: '2026-01',
  calculationDate: '2026-11-27',
  lifeInsuredAge: 35,
  policyOwnerAge: null,
  policyTerm: 20,
  premiumTerm: 10,
  faceAmount: '30000.00',
  currency: 'USD' as const,
  premiumFirstYear: {
    annual: { premium: '520.00', premiumBeforeDiscount: '520.00', premiumDiscount: '0.00', premiumAfterDiscount: '520.00' },
  },
  coverages: [],
};

/** An application in progress, as the server answers it: LTU05, nothing filled in yet. */
export const APPLICATION: ApplicationResponse = {
  id: APPLICATION_ID,
  applicationNumber: 'AP-0001',
  status: 'P',
  activeStep: 0,
  completion: emptyWizardCompletion(),
  steps: emptyStepData(),
  product: {
    proposalId: null,
    proposalNumber: null,
    productCode: 'LTU05',
    planKey: 'LTU05',
    faceAmount: '30000.00',
    policyTerm: 20,
    premiumTerm: 10,
    riders: [],
    premiumMode: 'annual',
    premium: '520.00',
    quote,
  },
  submission: null,
  createdDate: '2026-11-27T09:00:00+07:00',
  modifiedDate: '2026-11-27T09:00:00+07:00',
  version: 3,
};
