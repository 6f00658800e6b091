import { sql } from 'drizzle-orm';
import type { DashboardGroup } from '@portal/domain/contracts/user/dashboard';
import { textArray } from '../../../db/sql-arrays';
import { TRAINING_ROLES } from '../../compliance/compliance.repository';
import { periodCodeOf } from '../../compliance/compliance.service';
import { firstRow, type FigureProvider } from '../figure-provider';

interface Row {
  due_date: string;
  attempts: number;
  passed_at: unknown;
  agency_total: number;
  agency_completed: number;
}

const LINK = { screen: 'compliance' };

/**
 * Compliance training due: for the caller, whether this period's training is passed (or by
 * when it is due, and how many attempts so far); agency staff also see how many of their
 * agency have completed (the list behind it is the completions view of /home/compliance).
 */
export const complianceFigures: FigureProvider = {
  id: 'compliance',
  listCall: 'GET /api/compliance/training/v1/form/training-materials',
  async load(db, ctx): Promise<DashboardGroup | null> {
    const code = periodCodeOf(ctx.today);
    const agencyId = ctx.scope === 'agency' ? ctx.agencyId : null;
    const roles = textArray(TRAINING_ROLES);
    const row = firstRow<Row>(
      await db.execute(sql`
      SELECT to_char(p.due_date, 'YYYY-MM-DD') AS due_date,
        (SELECT count(*)::int FROM compliance_attempt a WHERE a.user_id = ${ctx.user.id}::uuid AND a.period_code = p.code) AS attempts,
        (SELECT min(a.submitted_at) FROM compliance_attempt a WHERE a.user_id = ${ctx.user.id}::uuid AND a.period_code = p.code AND a.passed) AS passed_at,
        (SELECT count(*)::int FROM app_user u
          WHERE u.agency_id = ${agencyId}::uuid AND u.status <> 'disabled' AND u.roles && ${roles}) AS agency_total,
        (SELECT count(DISTINCT a.user_id)::int FROM compliance_attempt a JOIN app_user u ON u.id = a.user_id
          WHERE u.agency_id = ${agencyId}::uuid AND u.status <> 'disabled' AND u.roles && ${roles}
            AND a.period_code = p.code AND a.passed) AS agency_completed
      FROM compliance_period p WHERE p.code = ${code}
    `),
    );
    if (!row) return null;
    const passed = row.passed_at !== null && row.passed_at !== undefined;
    const overdue = !passed && ctx.today > row.due_date;
    const group: DashboardGroup = {
      id: 'compliance',
      titleKey: 'home:group_compliance',
      figures: [
        {
          id: 'complianceStatus',
          labelKey: passed ? 'home:fig_compliance_done' : overdue ? 'home:fig_compliance_overdue' : 'home:fig_compliance_due',
          value: Number(row.attempts),
          date: row.due_date,
          tone: passed ? 'good' : overdue ? 'alert' : 'warning',
          link: LINK,
        },
      ],
    };
    if (agencyId) {
      group.figures.push({
        id: 'agencyCompleted',
        labelKey: 'home:fig_agency_completed',
        value: Number(row.agency_completed),
        total: Number(row.agency_total),
        tone: Number(row.agency_completed) >= Number(row.agency_total) ? 'good' : 'warning',
        link: LINK,
      });
    }
    return group;
  },
};
