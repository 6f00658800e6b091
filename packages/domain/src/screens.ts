/**
 * The screens of spec §2 at the paths of DESIGN.md §4. Pure data: the web router builds one
 * lazy route per entry and the e2e "visit every screen" test opens each `visit` URL.
 *
 * - `path` is the router pattern (`:name` segments); `visit` is a concrete URL for a browser
 *   test (ids `1`, the spec's query parameters `applicationId` / `candidateNumber` and the
 *   recruitment `mode` values where they apply).
 * - A section's child screens live under the section's base path; the spec's spellings are
 *   kept (`application_create_sucess`, `recruit-new_agent_method`).
 * - `requiresAuth`: everything under /home, and registering a passkey (it binds to the
 *   signed-in user).
 */
export type ScreenArea =
  | 'auth'
  | 'home'
  | 'contacts'
  | 'proposals'
  | 'applications'
  | 'servicing'
  | 'recruitment'
  | 'compliance'
  | 'agency'
  | 'profile'
  | 'system';

export interface Screen {
  id: string;
  path: string;
  area: ScreenArea;
  titleKey: string;
  requiresAuth: boolean;
  visit: string;
}

type ScreenInit = Omit<Screen, 'visit' | 'requiresAuth'> & { visit?: string; requiresAuth?: boolean };

/** Default: signed-in only under /home; `visit` is the path itself when it has no parameters. */
const s = (init: ScreenInit): Screen => ({
  ...init,
  requiresAuth: init.requiresAuth ?? (init.path === '/home' || init.path.startsWith('/home/')),
  visit: init.visit ?? init.path,
});

export const SCREENS: readonly Screen[] = [
  // Authentication
  s({ id: 'signin', path: '/auth/signin', area: 'auth', titleKey: 'auth:signin_title' }),
  s({ id: 'forgot-password', path: '/auth/signin/forgot-password', area: 'auth', titleKey: 'auth:forgot_password_title' }),
  s({ id: 'reset-password', path: '/auth/signin/reset-password', area: 'auth', titleKey: 'auth:reset_password_title' }),
  s({
    id: 'reset-password-success',
    path: '/auth/signin/reset-password-success',
    area: 'auth',
    titleKey: 'auth:reset_password_success_title',
  }),
  s({ id: 'otp', path: '/otp', area: 'auth', titleKey: 'auth:otp_title' }),
  s({
    id: 'register-biometric',
    path: '/auth/webauth/register-biometric',
    area: 'auth',
    titleKey: 'auth:register_biometric_title',
    requiresAuth: true,
  }),
  s({ id: 'login-biometric', path: '/auth/webauth/login-biometric', area: 'auth', titleKey: 'auth:login_biometric_title' }),
  s({ id: 'link-expired', path: '/secure-link/link-expired', area: 'system', titleKey: 'auth:link_expired_title' }),
  // Where a candidate's secure link lands: token in the fragment, then the OTP; not a spec §2 name.
  s({ id: 'secure-link', path: '/secure-link', area: 'system', titleKey: 'recruitment:secure_link_title' }),
  // Where a customer's proposal link (sent by SMS) lands: token in the fragment, no account; not a spec §2 name.
  s({ id: 'customer-proposal', path: '/customer/proposal', area: 'system', titleKey: 'proposals:customer_title' }),
  // Where a signer's remote-signature link (sent by SMS, decision 014) lands: token in the fragment, no account.
  // In the applications chunk (it draws with the wizard's signature pad), in the auth frame like every /customer/ page.
  s({ id: 'customer-sign', path: '/customer/sign', area: 'applications', titleKey: 'applications:customer_sign_title' }),

  // Home
  s({ id: 'home', path: '/home', area: 'home', titleKey: 'home:title' }),
  s({ id: 'profile', path: '/home/profile', area: 'profile', titleKey: 'profile:title' }),

  // The agency admin's users (asked for by operations; not a spec §2 name).
  s({ id: 'agency-users', path: '/home/agency/users', area: 'agency', titleKey: 'agency:users_title' }),
  // The agency admin's pipeline: who has what waiting where, and the items behind each figure.
  s({ id: 'agency-pipeline', path: '/home/agency/pipeline', area: 'agency', titleKey: 'agency:pipeline_title' }),
  s({ id: 'agency-pipeline-list', path: '/home/agency/pipeline/list', area: 'agency', titleKey: 'agency:pipeline_list_title' }),

  // Contacts
  s({ id: 'contacts', path: '/home/contact', area: 'contacts', titleKey: 'contacts:title' }),
  s({
    id: 'contact-detail',
    path: '/home/contact/contact-detail/:id',
    area: 'contacts',
    titleKey: 'contacts:detail_title',
    visit: '/home/contact/contact-detail/1',
  }),
  s({
    id: 'contact-update',
    path: '/home/contact/contact-update/:id',
    area: 'contacts',
    titleKey: 'contacts:update_title',
    visit: '/home/contact/contact-update/1',
  }),
  s({ id: 'contact-new', path: '/home/contact/contact-new', area: 'contacts', titleKey: 'contacts:new_title' }),
  s({
    id: 'success-create-contact',
    path: '/home/contact/success-create-contact/:id',
    area: 'contacts',
    titleKey: 'contacts:success_create_title',
    visit: '/home/contact/success-create-contact/1',
  }),
  s({
    id: 'success-update-contact',
    path: '/home/contact/success-update-contact/:id',
    area: 'contacts',
    titleKey: 'contacts:success_update_title',
    visit: '/home/contact/success-update-contact/1',
  }),
  s({
    id: 'add-activity',
    path: '/home/contact/:id/add-activity',
    area: 'contacts',
    titleKey: 'contacts:add_activity_title',
    visit: '/home/contact/1/add-activity',
  }),

  // Proposals
  s({ id: 'proposals', path: '/home/proposal', area: 'proposals', titleKey: 'proposals:title' }),
  s({ id: 'proposal-list', path: '/home/proposal/proposal-list', area: 'proposals', titleKey: 'proposals:list_title' }),
  s({
    id: 'proposal-detail',
    path: '/home/proposal/proposal-detail/:id',
    area: 'proposals',
    titleKey: 'proposals:detail_title',
    visit: '/home/proposal/proposal-detail/1',
  }),
  s({
    id: 'proposal-edit',
    path: '/home/proposal/edit/:id',
    area: 'proposals',
    titleKey: 'proposals:edit_title',
    visit: '/home/proposal/edit/1',
  }),
  s({ id: 'proposal-search', path: '/home/proposal/search', area: 'proposals', titleKey: 'proposals:search_title' }),
  s({
    id: 'new-proposal-created-success',
    path: '/home/proposal/new-proposal-created-success/:id',
    area: 'proposals',
    titleKey: 'proposals:created_success_title',
    visit: '/home/proposal/new-proposal-created-success/1',
  }),
  s({
    id: 'view-proposal-pdf',
    path: '/home/proposal/view-proposal-pdf/:id',
    area: 'proposals',
    titleKey: 'proposals:pdf_title',
    visit: '/home/proposal/view-proposal-pdf/1',
  }),

  // Applications
  s({ id: 'applications', path: '/home/application', area: 'applications', titleKey: 'applications:title' }),
  s({ id: 'application-list', path: '/home/application/application-list', area: 'applications', titleKey: 'applications:list_title' }),
  s({
    id: 'application-detail',
    path: '/home/application/detail',
    area: 'applications',
    titleKey: 'applications:detail_title',
    visit: '/home/application/detail?applicationId=1',
  }),
  s({ id: 'application-search', path: '/home/application/search', area: 'applications', titleKey: 'applications:search_title' }),
  s({
    id: 'application-create-success',
    path: '/home/application/application_create_sucess',
    area: 'applications',
    titleKey: 'applications:create_success_title',
    visit: '/home/application/application_create_sucess?applicationId=1',
  }),

  // Policy servicing
  s({ id: 'servicing', path: '/home/servicing', area: 'servicing', titleKey: 'servicing:title' }),
  s({
    id: 'policy-detail',
    path: '/home/servicing/policy-detail/:policyNumber',
    area: 'servicing',
    titleKey: 'servicing:policy_detail_title',
    visit: '/home/servicing/policy-detail/1',
  }),
  s({
    id: 'policy-owner',
    path: '/home/servicing/policy-owner/:policyNumber',
    area: 'servicing',
    titleKey: 'servicing:policy_owner_title',
    visit: '/home/servicing/policy-owner/1',
  }),
  s({
    id: 'life-insured',
    path: '/home/servicing/life-insured/:policyNumber',
    area: 'servicing',
    titleKey: 'servicing:life_insured_title',
    visit: '/home/servicing/life-insured/1',
  }),
  s({
    id: 'beneficiary',
    path: '/home/servicing/beneficiary/:policyNumber',
    area: 'servicing',
    titleKey: 'servicing:beneficiary_title',
    visit: '/home/servicing/beneficiary/1',
  }),
  s({
    id: 'claim-history',
    path: '/home/servicing/claim-history/:policyNumber',
    area: 'servicing',
    titleKey: 'servicing:claim_history_title',
    visit: '/home/servicing/claim-history/1',
  }),
  s({
    id: 'issuance-detail',
    path: '/home/servicing/issuance-detail/:policyNumber',
    area: 'servicing',
    titleKey: 'servicing:issuance_detail_title',
    visit: '/home/servicing/issuance-detail/1',
  }),
  s({
    id: 'policy-value',
    path: '/home/servicing/policy-value/:policyNumber',
    area: 'servicing',
    titleKey: 'servicing:policy_value_title',
    visit: '/home/servicing/policy-value/1',
  }),
  s({
    id: 'plan-coverage',
    path: '/home/servicing/plan-coverage/:policyNumber',
    area: 'servicing',
    titleKey: 'servicing:plan_coverage_title',
    visit: '/home/servicing/plan-coverage/1',
  }),
  s({
    id: 'premium-payment',
    path: '/home/servicing/premium-payment/:policyNumber',
    area: 'servicing',
    titleKey: 'servicing:premium_payment_title',
    visit: '/home/servicing/premium-payment/1',
  }),
  s({ id: 'servicing-search', path: '/home/servicing/search', area: 'servicing', titleKey: 'servicing:search_title' }),
  s({ id: 'premium-list', path: '/home/servicing/premium-list', area: 'servicing', titleKey: 'servicing:premium_list_title' }),
  s({
    id: 'customer-milestone',
    path: '/home/servicing/customer-milestone',
    area: 'servicing',
    titleKey: 'servicing:customer_milestone_title',
  }),

  // Recruitment
  s({ id: 'recruitment', path: '/home/recruitment', area: 'recruitment', titleKey: 'recruitment:title' }),
  s({
    id: 'recruitment-application-view',
    path: '/home/recruitment/application-view',
    area: 'recruitment',
    titleKey: 'recruitment:application_view_title',
    visit: '/home/recruitment/application-view?candidateNumber=1',
  }),
  s({
    id: 'recruitment-application-detail',
    path: '/home/recruitment/application-detail',
    area: 'recruitment',
    titleKey: 'recruitment:application_detail_title',
    visit: '/home/recruitment/application-detail?candidateNumber=1&mode=updateRecruitmentApp',
  }),
  s({
    id: 'recruitment-application-detail-item',
    path: '/home/recruitment/application-detail-item',
    area: 'recruitment',
    titleKey: 'recruitment:application_detail_item_title',
    visit: '/home/recruitment/application-detail-item?candidateNumber=1',
  }),
  s({
    id: 'recruitment-application-list',
    path: '/home/recruitment/application-list',
    area: 'recruitment',
    titleKey: 'recruitment:application_list_title',
    visit: '/home/recruitment/application-list?mode=recruitmentAppList',
  }),
  s({
    id: 'recruitment-application-submit-success',
    path: '/home/recruitment/application-submit-success',
    area: 'recruitment',
    titleKey: 'recruitment:application_submit_success_title',
    visit: '/home/recruitment/application-submit-success?candidateNumber=1',
  }),
  s({
    id: 'recruitment-approve-successfully',
    path: '/home/recruitment/approve-successfully',
    area: 'recruitment',
    titleKey: 'recruitment:approve_success_title',
    visit: '/home/recruitment/approve-successfully?candidateNumber=1',
  }),
  s({
    id: 'recruit-new-agent-method',
    path: '/home/recruitment/recruit-new_agent_method',
    area: 'recruitment',
    titleKey: 'recruitment:new_agent_method_title',
  }),
  s({ id: 'recruitment-search', path: '/home/recruitment/search', area: 'recruitment', titleKey: 'recruitment:search_title' }),
  s({
    id: 'recruitment-new-candidate',
    path: '/home/recruitment/recruitment-new-candidate',
    area: 'recruitment',
    titleKey: 'recruitment:new_candidate_title',
    visit: '/home/recruitment/recruitment-new-candidate?mode=createRecruitmentApp',
  }),
  s({
    id: 'ineligible-candidate',
    path: '/home/recruitment/ineligible-candidate',
    area: 'recruitment',
    titleKey: 'recruitment:ineligible_candidate_title',
  }),
  s({
    id: 'upload-irc',
    path: '/home/recruitment/upload-irc',
    area: 'recruitment',
    titleKey: 'recruitment:upload_irc_title',
    visit: '/home/recruitment/upload-irc?candidateNumber=1',
  }),
  s({ id: 'upload-my-irc', path: '/home/recruitment/upload-my-irc', area: 'recruitment', titleKey: 'recruitment:upload_my_irc_title' }),
  s({ id: 'irc-list', path: '/home/recruitment/irc-list', area: 'recruitment', titleKey: 'recruitment:irc_list_title' }),
  s({ id: 'agent', path: '/home/recruitment/agent', area: 'recruitment', titleKey: 'recruitment:agent_title' }),
  s({
    id: 'product-permission',
    path: '/home/recruitment/agent/product-permission',
    area: 'recruitment',
    titleKey: 'recruitment:product_permission_title',
  }),
  s({
    id: 'product-permission-successful',
    path: '/home/recruitment/agent/product-permission/successful',
    area: 'recruitment',
    titleKey: 'recruitment:product_permission_successful_title',
  }),
  s({
    id: 'product-permission-failed',
    path: '/home/recruitment/agent/product-permission/failed',
    area: 'recruitment',
    titleKey: 'recruitment:product_permission_failed_title',
  }),
  s({ id: 'search-irc', path: '/home/recruitment/search-irc', area: 'recruitment', titleKey: 'recruitment:search_irc_title' }),
  s({ id: 'itc-class', path: '/home/recruitment/itc-class', area: 'recruitment', titleKey: 'recruitment:itc_class_title' }),
  s({
    id: 'upload-itc-exam-result',
    path: '/home/recruitment/upload-itc-exam-result',
    area: 'recruitment',
    titleKey: 'recruitment:upload_itc_exam_result_title',
  }),
  s({
    id: 'agent-codes-history',
    path: '/home/recruitment/agent-codes-history',
    area: 'recruitment',
    titleKey: 'recruitment:agent_codes_history_title',
  }),
  s({
    id: 'code-of-conduct',
    path: '/home/recruitment/code-of-conduct',
    area: 'recruitment',
    titleKey: 'recruitment:code_of_conduct_title',
    visit: '/home/recruitment/code-of-conduct?candidateNumber=1',
  }),
  s({
    id: 'review-contract',
    path: '/home/recruitment/review-contract',
    area: 'recruitment',
    titleKey: 'recruitment:review_contract_title',
    visit: '/home/recruitment/review-contract?candidateNumber=1',
  }),

  // Compliance training
  s({ id: 'compliance', path: '/home/compliance', area: 'compliance', titleKey: 'compliance:title' }),
  s({ id: 'questionnaire', path: '/home/compliance/questionnaire', area: 'compliance', titleKey: 'compliance:questionnaire_title' }),
];
