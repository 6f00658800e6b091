import { PlaceholderScreen } from '../../components/ui/placeholder-screen';
import type { ScreenComponents } from '../../lib/screen-route';

/** Recruitment area (spec §2); each screen shows its title and an empty state until it is built. */
export const screens: ScreenComponents = {
  recruitment: () => <PlaceholderScreen descriptionKey="recruitment:empty" />,
  'recruitment-application-view': () => <PlaceholderScreen descriptionKey="recruitment:application_view_empty" />,
  'recruitment-application-detail': () => <PlaceholderScreen descriptionKey="recruitment:application_detail_empty" />,
  'recruitment-application-detail-item': () => <PlaceholderScreen descriptionKey="recruitment:application_detail_item_empty" />,
  'recruitment-application-list': () => <PlaceholderScreen descriptionKey="recruitment:application_list_empty" />,
  'recruitment-application-submit-success': () => <PlaceholderScreen descriptionKey="recruitment:application_submit_success_empty" />,
  'recruitment-approve-successfully': () => <PlaceholderScreen descriptionKey="recruitment:approve_success_empty" />,
  'recruit-new-agent-method': () => <PlaceholderScreen descriptionKey="recruitment:new_agent_method_empty" />,
  'recruitment-search': () => <PlaceholderScreen descriptionKey="recruitment:search_empty" />,
  'recruitment-new-candidate': () => <PlaceholderScreen descriptionKey="recruitment:new_candidate_empty" />,
  'ineligible-candidate': () => <PlaceholderScreen descriptionKey="recruitment:ineligible_candidate_empty" />,
  'upload-irc': () => <PlaceholderScreen descriptionKey="recruitment:upload_irc_empty" />,
  'upload-my-irc': () => <PlaceholderScreen descriptionKey="recruitment:upload_my_irc_empty" />,
  'irc-list': () => <PlaceholderScreen descriptionKey="recruitment:irc_list_empty" />,
  agent: () => <PlaceholderScreen descriptionKey="recruitment:agent_empty" />,
  'product-permission': () => <PlaceholderScreen descriptionKey="recruitment:product_permission_empty" />,
  'product-permission-successful': () => <PlaceholderScreen descriptionKey="recruitment:product_permission_successful_empty" />,
  'product-permission-failed': () => <PlaceholderScreen descriptionKey="recruitment:product_permission_failed_empty" />,
  'search-irc': () => <PlaceholderScreen descriptionKey="recruitment:search_irc_empty" />,
  'itc-class': () => <PlaceholderScreen descriptionKey="recruitment:itc_class_empty" />,
  'upload-itc-exam-result': () => <PlaceholderScreen descriptionKey="recruitment:upload_itc_exam_result_empty" />,
  'agent-codes-history': () => <PlaceholderScreen descriptionKey="recruitment:agent_codes_history_empty" />,
  'code-of-conduct': () => <PlaceholderScreen descriptionKey="recruitment:code_of_conduct_empty" />,
  'review-contract': () => <PlaceholderScreen descriptionKey="recruitment:review_contract_empty" />,
};
