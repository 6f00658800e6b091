/**
 * Recruitment screen modes and query parameters of spec §2 / DESIGN.md §4: a record is named by
 * `applicationId` or `candidateNumber`, and the mode by `mode=<one of RECRUITMENT_MODES>`.
 */
export const RECRUITMENT_MODES = [
  'createRecruitmentApp',
  'updateRecruitmentApp',
  'recruitmentAppList',
  'requestTokenLink',
  'verifyTokenLink',
] as const;
export type RecruitmentMode = (typeof RECRUITMENT_MODES)[number];

export const QUERY_PARAMS = {
  applicationId: 'applicationId',
  candidateNumber: 'candidateNumber',
  mode: 'mode',
} as const;
export type QueryParam = (typeof QUERY_PARAMS)[keyof typeof QUERY_PARAMS];

export function isRecruitmentMode(value: unknown): value is RecruitmentMode {
  return typeof value === 'string' && (RECRUITMENT_MODES as readonly string[]).includes(value);
}
