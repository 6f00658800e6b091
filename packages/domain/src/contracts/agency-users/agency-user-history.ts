/**
 * GET /api/agency/v1/users/{id}/history -> what happened to the user's account, newest first:
 * the audit rows about the user (sign-ins, failures, locks, password changes, the admin's actions).
 */
import * as z from 'zod';

export const agencyUserHistoryEntrySchema = z.object({
  id: z.number().int(),
  /** ISO date-time with the +07:00 offset. */
  at: z.string(),
  /** The audit action (`login`, `user_deactivated`, …); screens show it in words. */
  action: z.string(),
  /** Who did it; null when nobody was signed in (a failed sign-in, a lock). */
  actor: z.object({ displayName: z.string(), displayNameKh: z.string().nullable() }).nullable(),
});
export type AgencyUserHistoryEntry = z.infer<typeof agencyUserHistoryEntrySchema>;

export const agencyUserHistoryResponseSchema = z.object({ items: z.array(agencyUserHistoryEntrySchema) });
export type AgencyUserHistoryResponse = z.infer<typeof agencyUserHistoryResponseSchema>;

/** The history actions screens name in words; any other shows as an account event. */
export const AGENCY_USER_HISTORY_ACTIONS = [
  'login',
  'login_failed',
  'login_refused_locked',
  'account_locked',
  'otp_locked',
  'password_reset',
  'password_changed',
  'password_change_failed',
  'update',
  'user_deactivated',
  'user_reactivated',
  'user_unlocked',
  'passkeys_reset',
  'set_password_link_sent',
] as const;
