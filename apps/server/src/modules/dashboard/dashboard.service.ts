import { accessFor, decideAccess } from '@portal/domain/api/access-policy';
import { weekStartOf, type DashboardResponse } from '@portal/domain/contracts/user/dashboard';
import { addDays } from '@portal/domain/format/calendar-arithmetic';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth-types';
import type { Clock } from '../auth/clock';
import { isAgencyStaff } from '../compliance/compliance.service';
import type { DashboardCache } from './dashboard-cache';
import type { FigureContext, FigureProvider } from './figure-provider';

/** Whether the access policy lets the user make a call given as `'<METHOD> <path>'`. */
function mayCall(user: AuthUser, call: string): boolean {
  const space = call.indexOf(' ');
  return decideAccess(accessFor(call.slice(0, space), call.slice(space + 1)), user.roles) === 'allow';
}

/**
 * GET /api/user/v1/dashboard (issue 9): the groups of every provider whose list the caller may
 * open, each ONE query, all in one round trip. Agency staff get their agency's totals. A computed
 * dashboard is reused for a short while (dashboard-cache.ts).
 */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly providers: readonly FigureProvider[],
    private readonly cache: DashboardCache,
  ) {}

  async dashboard(user: AuthUser): Promise<DashboardResponse> {
    const today = todayInPhnomPenh(this.clock.now());
    const weekStart = weekStartOf(today);
    const agency = isAgencyStaff(user) && user.agencyId !== null;
    const key = `${user.id}|${today}|${[...user.roles].sort().join(',')}|${user.agencyId ?? ''}`;
    const cached = this.cache.get(key);
    if (cached) return cached;
    const ctx: FigureContext = {
      user, scope: agency ? 'agency' : 'own', agencyId: agency ? user.agencyId : null, today, weekStart, weekEnd: addDays(weekStart, 6),
    };
    const groups = await Promise.all(this.providers.filter((p) => mayCall(user, p.listCall)).map((p) => p.load(this.db, ctx)));
    const response: DashboardResponse = { asOf: today, weekStart, weekEnd: ctx.weekEnd, scope: ctx.scope, groups: groups.filter((g) => g !== null) };
    // Agency-wide figures are dropped when anyone of the agency writes; one's own when one writes.
    this.cache.set(key, response, { userId: user.id, agencyId: agency ? user.agencyId : null });
    return response;
  }
}
