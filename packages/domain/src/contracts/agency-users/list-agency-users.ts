/**
 * GET /api/agency/v1/users -> the users of the agency admin's own agency, each with what the
 * admin needs to look after their account: status, lock, passkeys and last sign-in.
 */
import * as z from 'zod';

export const AGENCY_USER_STATUSES = ['active', 'deactivated', 'locked'] as const;
export type AgencyUserStatus = (typeof AGENCY_USER_STATUSES)[number];

export const agencyUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  displayNameKh: z.string().nullable(),
  roles: z.array(z.string()),
  agentCode: z.string().nullable(),
  /** Masked as the sign-in screen masks it (`+855*****678`); null when the user has no phone. */
  maskedPhone: z.string().nullable(),
  /** `locked`: too many wrong passwords or codes, until `lockedUntil`; `deactivated` wins over a lock. */
  status: z.enum(AGENCY_USER_STATUSES),
  /** ISO date-time with the +07:00 offset; null unless locked. */
  lockedUntil: z.string().nullable(),
  passkeyCount: z.number().int(),
  /** ISO date-time with the +07:00 offset; null when the user never signed in. */
  lastSignInAt: z.string().nullable(),
  /** The caller's own row: it cannot be deactivated from here. */
  self: z.boolean(),
});
export type AgencyUser = z.infer<typeof agencyUserSchema>;

export const agencyUserListResponseSchema = z.object({ items: z.array(agencyUserSchema) });
export type AgencyUserListResponse = z.infer<typeof agencyUserListResponseSchema>;

export const agencyUserParamsSchema = z.object({ id: z.uuid({ error: 'invalid' }) });
export type AgencyUserParams = z.infer<typeof agencyUserParamsSchema>;
