import { accessFor, decideAccess } from '@portal/domain/api/access-policy';
import { weekStartOf, type DashboardResponse } from '@portal/domain/contracts/user/dashboard';
import { addDays } from '@portal/domain/format/calendar-arithmetic';
import { todayInPhnomPenh } from '@portal/domain/format/date';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../plugins/auth-types';
import type { Clock } from '../auth/clock';
import { isAgencyStaff } from '../compliance/compliance.service';
import type { FigureContext, FigureProvider } from './figure-provider';

/** Whether the access policy lets the user make a call given as `'<METHOD> <path>'`. */
function mayCall(user: AuthUser, call: string): boolean {
  const space = call.indexOf(' ');
  return decideAccess(accessFor(call.slice(0, space), call.slice(space + 1)), user.roles) === 'allow';
}

/**
 * GET /api/user/v1/dashboard: the groups of every provider whose list the caller may
 * open, each ONE query, all in one round trip. Agency staff get their agency's totals.
 */
export class DashboardService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly providers: readonly FigureProvider[],
  ) {}

  /** The dashboard of `user`, computed for each call (agency staff: their agency's totals). */
  async dashboard(user: AuthUser): Promise<DashboardResponse> {
    const today = todayInPhnomPenh(this.clock.now());
    return this.compute(user, today, isAgencyStaff(user) && user.agencyId !== null);
  }

  private async compute(user: AuthUser, today: string, agency: boolean): Promise<DashboardResponse> {
    const weekStart = weekStartOf(today);
    const ctx: FigureContext = {
      user,
      scope: agency ? 'agency' : 'own',
      agencyId: agency ? user.agencyId : null,
      today,
      weekStart,
      weekEnd: addDays(weekStart, 6),
    };
    const groups = await Promise.all(this.providers.filter((p) => mayCall(user, p.listCall)).map((p) => p.load(this.db, ctx)));
    return {
      asOf: today,
      weekStart,
      weekEnd: ctx.weekEnd,
      scope: ctx.scope,
      groups: groups.filter((g) => g !== null),
    };
  }
}
