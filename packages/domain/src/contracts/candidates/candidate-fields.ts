/**
 * The candidate form (spec §2 Recruitment): personal data, education, work history, the
 * code of conduct and the contract. One schema for the form's resolver and the server. Personal
 * fields follow the contact rules (contacts/contact-fields.ts: Latin and Khmer names, phone,
 * email, identification); an ID number and its type are required here (the ID card is one of the
 * recruitment documents). Limits picked from spec §9's list: institution, employer, position and
 * field of study 50; address 300; at most 10 education and 10 work entries (spec §9 "allowed
 * count 10").
 */
import * as z from 'zod';
import { IDENTIFICATION_TYPES } from '../../codes/identification-types';
import type { Clock } from '../../format/date';
import { optionalPastDateSchema, pastDateSchema } from '../../rules/dates';
import { addKeyIssue, isEmpty, textIssue, typeError } from '../../rules/generic';
import {
  contactEmailSchema,
  contactIdNumberSchema,
  contactPhoneSchema,
  genderSchema,
  khmerNameSchema,
  latinNameSchema,
  withContactRules,
} from '../contacts/contact-fields';

export const CANDIDATE_LIMITS = { text: 50, address: 300, entries: 10 } as const;
export const EDUCATION_LEVELS = ['high-school', 'vocational', 'bachelor', 'master', 'doctorate', 'other'] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];

const tidy = (value: string) => value.trim().replace(/\s+/g, ' ');

const optionalText = (maxLength: number = CANDIDATE_LIMITS.text) =>
  z
    .string({ error: typeError })
    .nullish()
    .superRefine((value, ctx) => {
      const key = textIssue(tidy(value ?? ''), { maxLength });
      if (key) addKeyIssue(ctx, key);
    })
    .transform((value) => (value === undefined || value === null || isEmpty(value) ? undefined : tidy(value)));

const requiredText = (maxLength: number = CANDIDATE_LIMITS.text) =>
  z
    .string({ error: typeError })
    .superRefine((value, ctx) => {
      const key = textIssue(tidy(value), { required: true, maxLength });
      if (key) addKeyIssue(ctx, key);
    })
    .transform(tidy);

export function educationEntrySchema(now?: Clock) {
  return z.object({
    level: z.enum(EDUCATION_LEVELS, { error: typeError }),
    institution: requiredText(),
    fieldOfStudy: optionalText(),
    completedDate: optionalPastDateSchema(now === undefined ? {} : { now }),
  });
}

export function workEntrySchema(now?: Clock) {
  return z.object({
    employer: requiredText(),
    position: requiredText(),
    startDate: pastDateSchema(now === undefined ? {} : { now }),
    endDate: optionalPastDateSchema(now === undefined ? {} : { now }),
  });
}

export type EducationEntry = z.infer<ReturnType<typeof educationEntrySchema>>;
export type WorkEntry = z.infer<ReturnType<typeof workEntrySchema>>;

/** Personal data: also the body of a recruiter's `form/init` (mode=createRecruitmentApp). */
export function candidatePersonalShape(now?: Clock) {
  return {
    firstName: latinNameSchema,
    lastName: latinNameSchema,
    firstNameKh: khmerNameSchema,
    lastNameKh: khmerNameSchema,
    gender: genderSchema,
    dateOfBirth: pastDateSchema(now === undefined ? {} : { now }),
    phone: contactPhoneSchema,
    email: contactEmailSchema,
    idType: z.enum(IDENTIFICATION_TYPES, { error: (issue) => (issue.input === undefined || issue.input === '' ? 'required' : 'invalid') }),
    idNumber: contactIdNumberSchema.refine((v) => v !== undefined, { error: 'required' }),
    address: optionalText(CANDIDATE_LIMITS.address),
  };
}

export function candidateInitSchema(now?: Clock) {
  return withContactRules(z.object(candidatePersonalShape(now)));
}
export type CandidateInitRequest = z.infer<ReturnType<typeof candidateInitSchema>>;
export type CandidateInitInput = z.input<ReturnType<typeof candidateInitSchema>>;

/** `form/update/{id}`: the whole form, with the version read (stale -> 409). */
export function candidateUpdateSchema(now?: Clock) {
  return withContactRules(
    z.object({
      ...candidatePersonalShape(now),
      education: z.array(educationEntrySchema(now)).max(CANDIDATE_LIMITS.entries, { error: 'max' }).default([]),
      workHistory: z.array(workEntrySchema(now)).max(CANDIDATE_LIMITS.entries, { error: 'max' }).default([]),
      codeOfConductAccepted: z.boolean().default(false),
      contractAccepted: z.boolean().default(false),
      version: z.number().int().positive(),
    }),
  );
}
export type CandidateUpdateRequest = z.infer<ReturnType<typeof candidateUpdateSchema>>;
export type CandidateUpdateInput = z.input<ReturnType<typeof candidateUpdateSchema>>;

/** A recruiter's `form/link` (mode=requestTokenLink): who to send the secure link to. */
export const requestLinkSchema = z.object({
  firstName: latinNameSchema,
  lastName: latinNameSchema,
  phone: contactPhoneSchema,
  idNumber: contactIdNumberSchema,
  /** Send a fresh link for a candidate already started (older links stop working). */
  candidateNumber: z.string().max(20).optional(),
});
export type RequestLinkRequest = z.infer<typeof requestLinkSchema>;
export type RequestLinkInput = z.input<typeof requestLinkSchema>;

/** `form/submit/{id}`: the version read, when the client has one (stale -> 409). */
export const versionBodySchema = z.object({ version: z.number().int().positive().optional() });
