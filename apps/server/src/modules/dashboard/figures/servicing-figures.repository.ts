import { sql } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/domain/codes/currencies';
import { MILESTONE_MAX_ITEMS } from '@portal/domain/contracts/policies/find-client-milestones';
import { toMoney } from '@portal/domain/contracts/policies/policy-fields';
import {
  SUMMARY_GRACE_ALERT_DAYS,
  SUMMARY_LAPSE_ALERT_DAYS,
  SUMMARY_MILESTONE_DAYS,
} from '@portal/domain/contracts/policies/servicing-summary';
import type { DashboardGroup } from '@portal/domain/contracts/user/dashboard';
import { addDays } from '@portal/domain/format/calendar-arithmetic';
import { daysInMonth } from '@portal/domain/format/date';
import { milestonesJson } from '../../policies/policy-milestones.repository';
import { scopeSql, type PolicyScope } from '../../policies/policy-scope.repository';
import { firstRow, jsonValue, type FigureProvider } from '../figure-provider';

interface Row {
  active: number;
  grace: number;
  lapsed: number;
  entering_grace: number;
  lapsing_soon: number;
  due: unknown;
  milestones: number | null;
}

/**
 * The servicing summary's figures (GET search/customers?view=summary lists the policies behind
 * them) in ONE query: policies by status (bars), policies entering grace within 7 days, grace
 * periods ending within 30, this month's premiums due with their totals per currency, and the
 * next 14 days' customer milestones. Advisors: the policies they sold; staff: the agency's.
 */
export const servicingFigures: FigureProvider = {
  id: 'servicing',
  listCall: 'GET /api/policy/v1/search/customers',
  async load(db, ctx): Promise<DashboardGroup> {
    const scope: PolicyScope = ctx.scope === 'agency' && ctx.agencyId ? { agencyId: ctx.agencyId } : { agentUserId: ctx.user.id };
    const month = ctx.today.slice(0, 7);
    const monthStart = `${month}-01`;
    const monthEnd = `${month}-${String(daysInMonth(Number(ctx.today.slice(0, 4)), Number(ctx.today.slice(5, 7)))).padStart(2, '0')}`;
    const milestoneTo = addDays(ctx.today, SUMMARY_MILESTONE_DAYS);
    const milestones = milestonesJson(scopeSql(scope, 'mp'), { from: ctx.today, to: milestoneTo, limit: MILESTONE_MAX_ITEMS });
    const row = firstRow<Row>(
      await db.execute(sql`
      WITH p AS (SELECT status, premium_mode, paid_to_date, grace_end_date, currency, modal_premium FROM policy pol WHERE ${scopeSql(scope, 'pol')})
      SELECT
        count(*) FILTER (WHERE status = 'Active')::int AS active,
        count(*) FILTER (WHERE status = 'Grace')::int AS grace,
        count(*) FILTER (WHERE status = 'Lapsed')::int AS lapsed,
        count(*) FILTER (WHERE status = 'Active' AND premium_mode <> 'singlePremium'
          AND paid_to_date <= ${addDays(ctx.today, SUMMARY_GRACE_ALERT_DAYS)}::date)::int AS entering_grace,
        count(*) FILTER (WHERE status = 'Grace' AND grace_end_date <= ${addDays(ctx.today, SUMMARY_LAPSE_ALERT_DAYS)}::date)::int AS lapsing_soon,
        (SELECT coalesce(json_agg(json_build_object('currency', d.currency, 'n', d.n, 'total', d.total) ORDER BY d.currency), '[]'::json)
          FROM (SELECT currency, count(*)::int AS n, sum(modal_premium)::float8 AS total FROM p
            WHERE status IN ('Active', 'Grace') AND premium_mode <> 'singlePremium'
              AND paid_to_date BETWEEN ${monthStart}::date AND ${monthEnd}::date
            GROUP BY currency) d) AS due,
        (SELECT json_array_length(m.items) FROM (${milestones}) m) AS milestones
      FROM p
    `),
    );
    const due = jsonValue<{ currency: CurrencyCode; n: number; total: number }[]>(row?.due ?? []);
    const dueCount = due.reduce((n, d) => n + Number(d.n), 0);
    const active = Number(row?.active ?? 0);
    const grace = Number(row?.grace ?? 0);
    const lapsed = Number(row?.lapsed ?? 0);
    const enteringGrace = Number(row?.entering_grace ?? 0);
    const lapsingSoon = Number(row?.lapsing_soon ?? 0);
    return {
      id: 'servicing',
      titleKey: 'home:group_servicing',
      figures: [
        {
          id: 'policiesGrace',
          labelKey: 'home:fig_policies_grace',
          value: grace,
          tone: grace > 0 ? 'warning' : 'neutral',
          link: { screen: 'servicing-search', query: { status: 'Grace' } },
        },
        {
          id: 'policiesLapsed',
          labelKey: 'home:fig_policies_lapsed',
          value: lapsed,
          tone: lapsed > 0 ? 'alert' : 'neutral',
          link: { screen: 'servicing-search', query: { status: 'Lapsed' } },
        },
        {
          id: 'enteringGrace',
          labelKey: 'home:fig_entering_grace',
          value: enteringGrace,
          tone: enteringGrace > 0 ? 'warning' : 'neutral',
          link: { screen: 'servicing' },
        },
        {
          id: 'lapsingSoon',
          labelKey: 'home:fig_lapsing_soon',
          value: lapsingSoon,
          tone: lapsingSoon > 0 ? 'alert' : 'neutral',
          link: { screen: 'servicing' },
        },
        {
          id: 'premiumsDue',
          labelKey: 'home:fig_premiums_due',
          value: dueCount,
          tone: 'neutral',
          link: { screen: 'premium-list' },
          amounts: due.map((d) => toMoney(Math.round(Number(d.total)), d.currency)),
        },
        {
          id: 'upcomingMilestones',
          labelKey: 'home:fig_milestones',
          value: Number(row?.milestones ?? 0),
          tone: 'neutral',
          link: { screen: 'customer-milestone' },
        },
      ],
      chart: {
        kind: 'bars',
        titleKey: 'home:chart_policies_status',
        bars: [
          {
            id: 'Active',
            labelKey: 'home:status_active',
            value: active,
            link: { screen: 'servicing-search', query: { status: 'Active' } },
          },
          { id: 'Grace', labelKey: 'home:status_grace', value: grace, link: { screen: 'servicing-search', query: { status: 'Grace' } } },
          {
            id: 'Lapsed',
            labelKey: 'home:status_lapsed',
            value: lapsed,
            link: { screen: 'servicing-search', query: { status: 'Lapsed' } },
          },
        ],
      },
    };
  },
};
