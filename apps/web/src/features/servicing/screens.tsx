import type { ScreenComponents } from '../../lib/screen-route';
import { BeneficiaryScreen } from './components/beneficiary-screen';
import { ClaimHistoryScreen } from './components/claim-history-screen';
import { CustomerMilestoneScreen } from './components/customer-milestone-screen';
import { DashboardScreen } from './components/dashboard-screen';
import { IssuanceDetailScreen } from './components/issuance-detail-screen';
import { LifeInsuredScreen, PolicyOwnerScreen } from './components/people-screens';
import { PlanCoverageScreen } from './components/plan-coverage-screen';
import { PolicyDetailScreen } from './components/policy-detail-screen';
import { PolicyValueScreen } from './components/policy-value-screen';
import { PremiumListScreen } from './components/premium-list-screen';
import { PremiumPaymentScreen } from './components/premium-payment-screen';
import { SearchScreen } from './components/search-screen';

/**
 * Policy servicing (spec §2): the dashboard, search, and the policy with its parts. Every
 * screen about one policy reads the same cached detail call.
 */
export const screens: ScreenComponents = {
  servicing: DashboardScreen,
  'servicing-search': SearchScreen,
  'policy-detail': PolicyDetailScreen,
  'policy-owner': PolicyOwnerScreen,
  'life-insured': LifeInsuredScreen,
  beneficiary: BeneficiaryScreen,
  'claim-history': ClaimHistoryScreen,
  'issuance-detail': IssuanceDetailScreen,
  'policy-value': PolicyValueScreen,
  'plan-coverage': PlanCoverageScreen,
  'premium-payment': PremiumPaymentScreen,
  'premium-list': PremiumListScreen,
  'customer-milestone': CustomerMilestoneScreen,
};
