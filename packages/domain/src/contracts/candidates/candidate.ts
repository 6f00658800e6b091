/**
 * What the candidate calls answer. `id` is the candidate's uuid (paths `{id}`);
 * `candidateNumber` (C0000001) is what people read and what the screens put in the query.
 */
import * as z from 'zod';
import { CANDIDATE_STATUSES } from '../../codes/candidate-status';
import { CANDIDATE_DOCUMENT_TYPES } from '../../codes/recruitment-documents';
import { isSafeText } from '../../rules/generic';
import { optionalSearchTermSchema } from '../../rules/search';
import { EDUCATION_LEVELS } from './candidate-fields';

export const candidateIdParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });

export const candidateDocumentSchema = z.object({
  id: z.string(),
  documentType: z.enum(CANDIDATE_DOCUMENT_TYPES),
  fileName: z.string(),
  mediaType: z.string(),
  size: z.number(),
  uploadedAt: z.string(),
});
export type CandidateDocument = z.infer<typeof candidateDocumentSchema>;

export const stageMoveSchema = z.object({
  fromStatus: z.enum(CANDIDATE_STATUSES).nullable(),
  toStatus: z.enum(CANDIDATE_STATUSES),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  comment: z.string().nullable(),
  at: z.string(),
});
export type StageMove = z.infer<typeof stageMoveSchema>;

export const candidateSchema = z.object({
  id: z.string(),
  candidateNumber: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  firstNameKh: z.string().nullable(),
  lastNameKh: z.string().nullable(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  idType: z.string().nullable(),
  idNumber: z.string().nullable(),
  address: z.string().nullable(),
  education: z.array(
    z.object({
      level: z.enum(EDUCATION_LEVELS),
      institution: z.string(),
      fieldOfStudy: z.string().optional(),
      completedDate: z.string().optional(),
    }),
  ),
  workHistory: z.array(z.object({ employer: z.string(), position: z.string(), startDate: z.string(), endDate: z.string().optional() })),
  codeOfConductAcceptedAt: z.string().nullable(),
  contractAcceptedAt: z.string().nullable(),
  reviewComment: z.string().nullable(),
  itcClass: z.object({ id: z.string(), code: z.string(), startDate: z.string(), endDate: z.string(), location: z.string() }).nullable(),
  exam: z.object({ date: z.string(), score: z.number(), result: z.enum(['PASS', 'FAIL']) }).nullable(),
  ircLicenceNumber: z.string().nullable(),
  agentCode: z.string().nullable(),
  traineeUsername: z.string().nullable(),
  traineeUserId: z.string().nullable(),
  recruiterName: z.string().nullable(),
  documents: z.array(candidateDocumentSchema),
  history: z.array(stageMoveSchema),
  createdDate: z.string(),
  modifiedDate: z.string(),
  version: z.number(),
});
export type Candidate = z.infer<typeof candidateSchema>;

export const candidateSummarySchema = z.object({
  id: z.string(),
  candidateNumber: z.string(),
  status: z.enum(CANDIDATE_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  agentCode: z.string().nullable(),
  traineeUserId: z.string().nullable(),
  ircLicenceNumber: z.string().nullable(),
  modifiedDate: z.string(),
});
export type CandidateSummary = z.infer<typeof candidateSummarySchema>;

export const findCandidatesQuerySchema = z.object({
  q: optionalSearchTermSchema,
  status: z.enum(CANDIDATE_STATUSES).optional(),
  page: z.coerce.number().int().min(0).max(10_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type FindCandidatesQuery = z.input<typeof findCandidatesQuerySchema>;
/** GET /api/candidate/v1/irc/find: an optional search term, as the candidate list's. */
export const ircListQuerySchema = z.object({ q: optionalSearchTermSchema });

export const findCandidatesResponseSchema = z.object({ items: z.array(candidateSummarySchema), total: z.number() });
export type FindCandidatesResponse = z.infer<typeof findCandidatesResponseSchema>;

export const candidateNumberQuerySchema = z.object({ candidateNumber: z.string().max(20).optional() });

/** `find/existing`: whether a person may be recruited. */
export const INELIGIBLE_REASONS = ['existing_agent', 'blocked', 'in_progress', 'under_age'] as const;
export type IneligibleReason = (typeof INELIGIBLE_REASONS)[number];
export const findExistingQuerySchema = z.object({
  phone: z.string().max(20).optional(),
  idNumber: z.string().max(20).optional(),
});
export const findExistingResponseSchema = z.object({
  eligible: z.boolean(),
  reason: z.enum(INELIGIBLE_REASONS).optional(),
});
export type FindExistingResponse = z.infer<typeof findExistingResponseSchema>;

export const requestLinkResponseSchema = z.object({
  candidateId: z.string(),
  candidateNumber: z.string(),
  maskedPhone: z.string(),
  expiresIn: z.number(),
});
export type RequestLinkResponse = z.infer<typeof requestLinkResponseSchema>;

export const linkOtpRequestSchema = z.object({ token: z.string().min(1).max(2000) });
export const linkOtpResponseSchema = z.object({
  requestCode: z.string(),
  maskedPhone: z.string(),
  expiresIn: z.number(),
  resendIn: z.number(),
});
export type LinkOtpResponse = z.infer<typeof linkOtpResponseSchema>;
export const linkVerifyRequestSchema = z.object({
  token: z.string().min(1).max(2000),
  requestCode: z.string().min(1).max(200),
  otp: z.string().regex(/^\d{6}$/, { error: 'pattern' }),
});
export const linkVerifyResponseSchema = z.object({
  accessToken: z.string(),
  expiresIn: z.number(),
  candidateNumber: z.string(),
  user: z.object({
    id: z.string(),
    username: z.string(),
    displayName: z.string(),
    roles: z.array(z.string()),
    alias: z.string().nullable(),
  }),
});
export type LinkVerifyResponse = z.infer<typeof linkVerifyResponseSchema>;

export const REVIEW_ACTIONS = ['approve', 'return', 'assignItc'] as const;
export const reviewRequestSchema = z
  .object({
    candidateId: z.uuid({ error: 'invalid' }),
    version: z.number().int().positive(),
    action: z.enum(REVIEW_ACTIONS),
    comment: z.string().trim().max(300, { error: 'maxlength' }).refine(isSafeText, { error: 'invalid' }).optional(),
    itcClassId: z.uuid({ error: 'invalid' }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.action === 'return' && !value.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'required' });
    if (value.action === 'assignItc' && !value.itcClassId) ctx.addIssue({ code: 'custom', path: ['itcClassId'], message: 'required' });
  });
export type ReviewRequest = z.infer<typeof reviewRequestSchema>;

export const itcClassSchema = z.object({
  id: z.string(),
  code: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  location: z.string(),
  capacity: z.number(),
  enrolled: z.number(),
});
export type ItcClass = z.infer<typeof itcClassSchema>;
export const itcClassesResponseSchema = z.object({ items: z.array(itcClassSchema) });

export const CANDIDATE_UPLOAD_FIELDS = {
  candidateId: 'candidateId',
  documentType: 'documentType',
  licenceNumber: 'licenceNumber',
  file: 'file',
} as const;
export const documentQuerySchema = z.object({ id: z.uuid({ error: 'invalid' }) });
export const candidateQuerySchema = z.object({ candidateId: z.uuid({ error: 'invalid' }), lang: z.enum(['en', 'km']).default('en') });

/** IRC licence numbers: latin letters and digits, 4 to 13 characters (spec §9 limits 4 and 13). */
export const IRC_LICENCE_PATTERN = /^[A-Za-z0-9]{4,13}$/;
