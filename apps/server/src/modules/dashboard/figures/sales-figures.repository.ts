import { sql } from 'drizzle-orm';
import { APPLICATION_STATUSES } from '@portal/domain/codes/application-status';
import { PROPOSAL_OPEN_STATUSES } from '@portal/domain/contracts/proposals/proposal-fields';
import type { DashboardGroup } from '@portal/domain/contracts/user/dashboard';
import { firstRow, jsonValue, type FigureContext, type FigureProvider } from '../figure-provider';

/** Whose records a figure counts: the advisor's own, or (agency staff) the agency's. */
function scopeOf(ctx: FigureContext, table: 'proposal' | 'application') {
  const column = sql.raw(`${table}.${ctx.scope === 'agency' ? 'agency_id' : 'owner_user_id'}`);
  const id = ctx.scope === 'agency' ? ctx.agencyId : ctx.user.id;
  return sql`${column} = ${id}::uuid`;
}

/** Counts per status, as one json object (`{ "quoted": 3, … }`), from one query. */
async function countsByStatus(
  db: Parameters<FigureProvider['load']>[0],
  ctx: FigureContext,
  table: 'proposal' | 'application',
): Promise<Map<string, number>> {
  const from = sql.raw(table);
  const row = firstRow<{ counts: unknown }>(
    await db.execute(sql`
    SELECT coalesce(json_object_agg(s.status, s.n), '{}'::json) AS counts
    FROM (SELECT status, count(*)::int AS n FROM ${from} WHERE ${scopeOf(ctx, table)} GROUP BY status) s
  `),
  );
  return new Map(Object.entries(jsonValue<Record<string, number>>(row?.counts ?? {})).map(([k, v]) => [k, Number(v)]));
}

/**
 * Proposals by status (quoted, presented, payment requested), each linking to the proposal list
 * filtered by that status. A proposal an application was made from is counted once, as that
 * application, not here. Advisors see their own, agency staff their agency's.
 */
export const proposalFigures: FigureProvider = {
  id: 'proposals',
  listCall: 'GET /api/proposal/v1/find',
  async load(db, ctx): Promise<DashboardGroup> {
    const counts = await countsByStatus(db, ctx, 'proposal');
    return {
      id: 'proposals',
      titleKey: 'home:group_proposals',
      figures: PROPOSAL_OPEN_STATUSES.map((status) => ({
        id: `proposals_${status}`,
        labelKey: `home:fig_proposals_${status}`,
        value: counts.get(status) ?? 0,
        tone: 'neutral' as const,
        link: { screen: 'proposal-list', query: { status } },
      })),
    };
  },
};

/**
 * Applications by status: pending (still in the wizard: the ones to finish) and submitted, each
 * linking to the application list filtered by that status.
 */
export const applicationFigures: FigureProvider = {
  id: 'applications',
  listCall: 'GET /api/appform/v1/find',
  async load(db, ctx): Promise<DashboardGroup> {
    const counts = await countsByStatus(db, ctx, 'application');
    return {
      id: 'applications',
      titleKey: 'home:group_applications',
      figures: APPLICATION_STATUSES.map((status) => ({
        id: `applications_${status}`,
        labelKey: `home:fig_applications_${status}`,
        value: counts.get(status) ?? 0,
        tone: status === 'P' && (counts.get(status) ?? 0) > 0 ? ('warning' as const) : ('neutral' as const),
        link: { screen: 'application-list', query: { status } },
      })),
    };
  },
};
