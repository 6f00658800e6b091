import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import type { ScreenComponents } from '../../lib/screen-route';

/** Policy servicing area (spec §2); each screen shows its title and an empty state until it is built. */
export const screens: ScreenComponents = {
  servicing: () => <PlaceholderScreen descriptionKey="servicing:empty" />,
  'policy-detail': () => <PlaceholderScreen descriptionKey="servicing:policy_detail_empty" />,
  'policy-owner': () => <PlaceholderScreen descriptionKey="servicing:policy_owner_empty" />,
  'life-insured': () => <PlaceholderScreen descriptionKey="servicing:life_insured_empty" />,
  beneficiary: () => <PlaceholderScreen descriptionKey="servicing:beneficiary_empty" />,
  'claim-history': () => <PlaceholderScreen descriptionKey="servicing:claim_history_empty" />,
  'issuance-detail': () => <PlaceholderScreen descriptionKey="servicing:issuance_detail_empty" />,
  'policy-value': () => <PlaceholderScreen descriptionKey="servicing:policy_value_empty" />,
  'plan-coverage': () => <PlaceholderScreen descriptionKey="servicing:plan_coverage_empty" />,
  'premium-payment': () => <PlaceholderScreen descriptionKey="servicing:premium_payment_empty" />,
  'servicing-search': () => <PlaceholderScreen descriptionKey="servicing:search_empty" />,
  'premium-list': () => <PlaceholderScreen descriptionKey="servicing:premium_list_empty" />,
  'customer-milestone': () => <PlaceholderScreen descriptionKey="servicing:customer_milestone_empty" />,
};
