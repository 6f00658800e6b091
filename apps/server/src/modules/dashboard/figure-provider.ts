import type { DashboardGroup, DashboardScope } from '@portal/domain/contracts/user/dashboard';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth-types';

/** What every figure-group provider is given. Dates are Phnom Penh calendar dates. */
export interface FigureContext {
  user: AuthUser;
  /** `agency` for agency staff (their agency's totals), `own` for everyone else. */
  scope: DashboardScope;
  /** The agency of an `agency` scope. */
  agencyId: string | null;
  today: string;
  /** Monday and Sunday of this week. */
  weekStart: string;
  weekEnd: string;
}

/**
 * One group of dashboard figures. An area adds its figures by writing one provider
 * (ONE query, then pure mapping) and one line in figure-providers.ts. `listCall` is the call
 * whose list the figures count: the group is shown only to callers the access policy lets make
 * it, so every figure links to a list the caller can open.
 */
export interface FigureProvider {
  id: string;
  /** `'<METHOD> <path>'` of api/access-policy.ts. */
  listCall: string;
  /** The group, or null when there is nothing to show (no period seeded, …). */
  load(db: Db, ctx: FigureContext): Promise<DashboardGroup | null>;
}

/** The rows of a raw query, from either driver (node-postgres and PGlite both answer `{ rows }`). */
export function firstRow<T>(result: unknown): T | undefined {
  return ((result as { rows?: T[] }).rows ?? [])[0];
}

/** A json column as a value, whether the driver parsed it or not. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/** The start of a Phnom Penh calendar day as an instant literal. */
export function dayStart(isoDate: string): string {
  return `${isoDate}T00:00:00+07:00`;
}
