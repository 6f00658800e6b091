import { isEditableStatus } from '@portal/domain/codes/candidate-status';
import { ROLE_AA, ROLE_AAP, ROLE_AS, ROLE_BK, ROLE_TRAINEE } from '@portal/domain/codes/roles';
import type { IneligibleReason } from '@portal/domain/contracts/candidates/candidate';
import { breaksFourEyes, type FourEyesAction } from '@portal/domain/rules/recruitment';
import type { CandidateRow } from '../../db/schema/candidate.table';
import { AppError } from '../../lib/app-error';
import type { Caller } from '../../plugins/caller';
import { isApplicant } from './candidate-scope';

/** Roles of people who already sell or serve: such a person is not recruited again. */
export const AGENT_ROLES = [ROLE_AAP, ROLE_BK, ROLE_AS, ROLE_AA, ROLE_TRAINEE] as const;

/** The audit trail's entity for every read or change of a candidate. */
export const CANDIDATE_AUDIT_ENTITY = 'candidate';

/** An expired, used, replaced or forged link: the web shows /secure-link/link-expired. */
export const linkExpired = () => new AppError(410, 'link_expired', 'link_expired');

/** A person who may not be started as a candidate (409 `ineligible_<reason>`). */
export const ineligible = (reason: IneligibleReason) => new AppError(409, `ineligible_${reason}`, `ineligible_${reason}`);

/** The chosen ITC class has no free seat (422 on itcClassId). */
export const itcClassFull = () => new AppError(422, 'itc_class_full', 'itc_class_full', [{ field: 'itcClassId', key: 'itc_class_full' }]);

/**
 * The four-eyes rule (rules/recruitment.ts): the caller recruited the candidate or filled their
 * form, so another agency admin must take this step (403 `four_eyes`).
 */
export function assertFourEyes(
  row: Pick<CandidateRow, 'recruiterUserId' | 'formFillerIds'>,
  actorUserId: string,
  action: FourEyesAction,
): void {
  if (breaksFourEyes(row, actorUserId)) throw new AppError(403, 'four_eyes', `four_eyes_${action}`);
}

/** Staff who fill a candidate's form are its makers for the four-eyes rule; the candidate's own session is not. */
export function withFiller(fillers: readonly string[], caller: Caller): string[] {
  if (isApplicant(caller.user) || fillers.includes(caller.user.id)) return [...fillers];
  return [...fillers, caller.user.id];
}

/** The form and its documents change only in draft or returned (409 `candidate_not_editable`). */
export function requireEditable(row: CandidateRow): void {
  if (!isEditableStatus(row.status)) throw new AppError(409, 'candidate_not_editable', 'candidate_not_editable');
}

/** The username of a candidate's ROLE_CNL account (the OTP throttles and the dev outbox read it). */
export function applicantUsername(row: Pick<CandidateRow, 'candidateNumber'>): string {
  return `cnl.${row.candidateNumber.toLowerCase()}`;
}

/** Where links point: the first public origin configured for passkeys, else this server on localhost. */
export function publicOrigin(config: { webauthnOrigins: string[] | null; port: number }): string {
  return config.webauthnOrigins?.[0] ?? `http://localhost:${config.port}`;
}
