import type { ScreenComponents } from '../../lib/screen-route';
import {
  AgentCodesHistoryScreen,
  AgentScreen,
  CodeOfConductScreen,
  IrcListScreen,
  ItcClassScreen,
  ProductPermissionOutcomeScreen,
  ProductPermissionScreen,
  ReviewContractScreen,
  UploadExamResultScreen,
  UploadIrcScreen,
} from './components/pipeline-screens';
import {
  ApplicationDetailItemScreen,
  ApplicationDetailScreen,
  ApplicationListScreen,
  ApplicationViewScreen,
  ApproveSuccessScreen,
} from './components/review-screens';
import {
  IneligibleScreen,
  NewAgentMethodScreen,
  NewCandidateScreen,
  RecruitmentHomeScreen,
  SubmitSuccessScreen,
} from './components/start-screens';

/** Recruitment area (spec §2): from first contact to licensed agent. */
export const screens: ScreenComponents = {
  recruitment: RecruitmentHomeScreen,
  'recruitment-application-view': ApplicationViewScreen,
  'recruitment-application-detail': ApplicationDetailScreen,
  'recruitment-application-detail-item': ApplicationDetailItemScreen,
  'recruitment-application-list': () => <ApplicationListScreen />,
  'recruitment-application-submit-success': SubmitSuccessScreen,
  'recruitment-approve-successfully': ApproveSuccessScreen,
  'recruit-new-agent-method': NewAgentMethodScreen,
  'recruitment-search': () => <ApplicationListScreen titleKey="recruitment:search_title" />,
  'recruitment-new-candidate': NewCandidateScreen,
  'ineligible-candidate': IneligibleScreen,
  'upload-irc': () => <UploadIrcScreen />,
  'upload-my-irc': () => <UploadIrcScreen titleKey="recruitment:upload_my_irc_title" />,
  'irc-list': () => <IrcListScreen />,
  agent: AgentScreen,
  'product-permission': ProductPermissionScreen,
  'product-permission-successful': () => <ProductPermissionOutcomeScreen ok />,
  'product-permission-failed': () => <ProductPermissionOutcomeScreen ok={false} />,
  'search-irc': () => <IrcListScreen titleKey="recruitment:search_irc_title" />,
  'itc-class': ItcClassScreen,
  'upload-itc-exam-result': UploadExamResultScreen,
  'agent-codes-history': AgentCodesHistoryScreen,
  'code-of-conduct': CodeOfConductScreen,
  'review-contract': ReviewContractScreen,
};
