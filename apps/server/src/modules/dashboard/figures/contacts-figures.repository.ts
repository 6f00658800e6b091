import { sql } from 'drizzle-orm';
import { addDays } from '@portal/domain/format/calendar-arithmetic';
import type { DashboardGroup } from '@portal/domain/contracts/user/dashboard';
import { dayStart, firstRow, jsonValue, type FigureProvider } from '../figure-provider';

const CONTACTS = { screen: 'contacts' };

interface Row {
  new_contacts: number;
  activities: unknown;
}

/**
 * New contacts (created this week) and sales activities this week (start date from Monday to
 * Sunday in Phnom Penh), with the activities per day as bars. An advisor's own: contacts are
 * nobody else's business (access policy), so only advisors get this group.
 */
export const contactsFigures: FigureProvider = {
  id: 'contacts',
  listCall: 'GET /api/contact/v2/find',
  async load(db, ctx): Promise<DashboardGroup> {
    const from = dayStart(ctx.weekStart);
    const to = dayStart(addDays(ctx.weekEnd, 1));
    const row = firstRow<Row>(
      await db.execute(sql`
      SELECT
        (SELECT count(*)::int FROM contact c
          WHERE c.owner_user_id = ${ctx.user.id}::uuid AND c.deleted_at IS NULL AND c.created_date >= ${from}::timestamptz) AS new_contacts,
        (SELECT coalesce(json_agg(json_build_object('day', d.day, 'n', d.n)), '[]'::json) FROM (
          SELECT to_char((a.start_date AT TIME ZONE 'UTC') + interval '7 hours', 'YYYY-MM-DD') AS day, count(*)::int AS n
          FROM sales_activity a
          WHERE a.owner_user_id = ${ctx.user.id}::uuid AND a.deleted_at IS NULL
            AND a.start_date >= ${from}::timestamptz AND a.start_date < ${to}::timestamptz
          GROUP BY 1) d) AS activities
    `),
    );
    const perDay = new Map(jsonValue<{ day: string; n: number }[]>(row?.activities ?? []).map((d) => [d.day, Number(d.n)]));
    const days = Array.from({ length: 7 }, (_, i) => addDays(ctx.weekStart, i));
    const activityCount = days.reduce((n, day) => n + (perDay.get(day) ?? 0), 0);
    return {
      id: 'contacts',
      titleKey: 'home:group_contacts',
      figures: [
        { id: 'newContacts', labelKey: 'home:fig_new_contacts', value: Number(row?.new_contacts ?? 0), tone: 'neutral', link: CONTACTS },
        { id: 'activitiesThisWeek', labelKey: 'home:fig_activities_week', value: activityCount, tone: 'neutral', link: CONTACTS },
      ],
      chart: {
        kind: 'bars',
        titleKey: 'home:chart_activities_week',
        bars: days.map((day) => ({ id: day, labelKey: 'home:day', label: day, value: perDay.get(day) ?? 0, link: CONTACTS })),
      },
    };
  },
};
