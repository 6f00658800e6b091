/**
 * POST /api/agency/v1/users/{id}/<action> -> the user as the list shows them afterwards.
 * Each action is audited about the user (entity `user`) and shows in their history.
 */
import * as z from 'zod';
import { agencyUserSchema } from './list-agency-users';

export const AGENCY_USER_ACTIONS = ['deactivate', 'reactivate', 'unlock', 'reset-passkeys', 'send-set-password-link'] as const;
export type AgencyUserAction = (typeof AGENCY_USER_ACTIONS)[number];

/** The audit action each call records (audit_log.action), as the history lists it. */
export const AGENCY_USER_AUDIT_ACTIONS = {
  deactivate: 'user_deactivated',
  reactivate: 'user_reactivated',
  unlock: 'user_unlocked',
  'reset-passkeys': 'passkeys_reset',
  'send-set-password-link': 'set_password_link_sent',
} as const satisfies Record<AgencyUserAction, string>;

export const agencyUserActionResponseSchema = z.object({ user: agencyUserSchema });
export type AgencyUserActionResponse = z.infer<typeof agencyUserActionResponseSchema>;

/** Refusals of these calls (namespace `errors`), besides 403 and 404. */
export const AGENCY_USER_ERROR_KEYS = {
  /** An admin may not deactivate their own account (403). */
  selfDeactivation: 'agency_user_self_deactivation',
  /** A set-password link to a deactivated user would lead nowhere (409). */
  deactivated: 'agency_user_deactivated',
  /** No phone or e-mail to send the link to (409). */
  unreachable: 'agency_user_unreachable',
} as const;
