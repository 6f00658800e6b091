/**
 * Rules of the recruitment pipeline shared by the screens and the server.
 *
 * - Minimum age: a candidate is at least CANDIDATE_MIN_AGE years old (age last birthday in
 *   Phnom Penh) when the candidate is started and when the form is submitted. Spec §5 gives 18 as
 *   the lowest adult age of every party; the same figure is read for an agent.
 * - Four eyes: the person who recruited a candidate or filled (created, edited or submitted) their
 *   form on the candidate's behalf may not approve that candidate, record their exam result, upload
 *   their licence or convert them; another agency admin must.
 * - Conversion to a trainee needs the countersigned contract, a passed exam and an IRC licence.
 */
import type { Clock } from '../format/date';
import { parseCalendarDate } from '../format/date';
import { ageLastBirthday } from './ages';

export const CANDIDATE_MIN_AGE = 18;

/** True when a (valid) date of birth makes the person younger than CANDIDATE_MIN_AGE today. */
export function isUnderAge(dateOfBirth: string | null | undefined, on?: Clock): boolean {
  if (!dateOfBirth || !parseCalendarDate(dateOfBirth)) return false;
  return ageLastBirthday(dateOfBirth, on) < CANDIDATE_MIN_AGE;
}

/** Who recruited a candidate and who filled their form for them (never the candidate's own account). */
export interface CandidateMakers {
  recruiterUserId: string | null;
  formFillerIds: readonly string[];
}

/** Actions another person than the candidate's makers must take. */
export const FOUR_EYES_ACTIONS = ['approve', 'exam_result', 'irc_upload', 'convert'] as const;
export type FourEyesAction = (typeof FOUR_EYES_ACTIONS)[number];

/** True when `actorUserId` recruited the candidate or filled their form: they may not take a four-eyes action. */
export function breaksFourEyes(makers: CandidateMakers, actorUserId: string): boolean {
  return makers.recruiterUserId === actorUserId || makers.formFillerIds.includes(actorUserId);
}

/** What a conversion to a trainee still needs, in the order the screen lists it. */
export const CONVERSION_REQUIREMENTS = ['countersigned_contract', 'exam_passed', 'irc_licence'] as const;
export type ConversionRequirement = (typeof CONVERSION_REQUIREMENTS)[number];

export interface ConversionFacts {
  documentTypes: readonly string[];
  examResult: string | null;
  ircLicenceNumber: string | null;
}

/** The requirements not met yet; empty when the candidate may be converted. */
export function missingForConversion(facts: ConversionFacts): ConversionRequirement[] {
  const missing: ConversionRequirement[] = [];
  if (!facts.documentTypes.includes('countersigned-contract')) missing.push('countersigned_contract');
  if (facts.examResult !== 'PASS') missing.push('exam_passed');
  if (!facts.ircLicenceNumber || !facts.documentTypes.includes('irc-licence')) missing.push('irc_licence');
  return missing;
}
