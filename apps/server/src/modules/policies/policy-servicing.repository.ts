import { and, asc, count, eq, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/domain/codes/currencies';
import type { PolicyStatus } from '@portal/domain/codes/policy-codes';
import type { Db } from '../../db/client';
import { policy } from '../../db/schema/policy.table';
import { milestonesJson, type MilestoneQuery, type MilestoneRow } from './policy-milestones.repository';
import { json, rowsOf, scopeCondition, scopeSql, summaryColumns, type PolicyScope, type PolicySummaryRow } from './policy-scope.repository';

/** The servicing view of the policies in a scope: customer milestones, counts by status, and the lists that need action. */
export class PolicyServicingRepository {
  constructor(private readonly db: Db) {}

  /**
   * Milestones of policies in force in the scope, between two dates (inclusive), soonest first:
   * birthdays of owners and insureds (once per person), policy anniversaries, maturities,
   * premium due dates (paid-to dates of regular-premium policies) and the feed's own events.
   */
  async milestones(scope: PolicyScope, q: MilestoneQuery): Promise<MilestoneRow[]> {
    const result = await this.db.execute(
      milestonesJson(sql`${scopeSql(scope, 'mp')} ${q.policyId ? sql`AND mp.id = ${q.policyId}::uuid` : sql``}`, q),
    );
    const [row] = rowsOf<{ items: unknown }>(result);
    return row ? json<MilestoneRow[]>(row.items) : [];
  }

  async countsByStatus(scope: PolicyScope): Promise<{ status: PolicyStatus; count: number }[]> {
    return this.db.select({ status: policy.status, count: count() }).from(policy).where(scopeCondition(scope)).groupBy(policy.status);
  }

  /** Active regular-premium policies whose paid-to date is on or before `until`, soonest first. */
  enteringGrace(scope: PolicyScope, until: string, limit: number): Promise<(PolicySummaryRow & { total: number })[]> {
    return this.db
      .select({ ...summaryColumns, total: sql<number>`(count(*) OVER ())::int` })
      .from(policy)
      .where(
        and(scopeCondition(scope), eq(policy.status, 'Active'), ne(policy.premiumMode, 'singlePremium'), lte(policy.paidToDate, until)),
      )
      .orderBy(asc(policy.paidToDate), asc(policy.policyNumber))
      .limit(limit);
  }

  /** Grace policies whose grace period ends on or before `until`, soonest first. */
  lapsingSoon(scope: PolicyScope, until: string, limit: number): Promise<(PolicySummaryRow & { total: number })[]> {
    return this.db
      .select({ ...summaryColumns, total: sql<number>`(count(*) OVER ())::int` })
      .from(policy)
      .where(and(scopeCondition(scope), eq(policy.status, 'Grace'), lte(policy.graceEndDate, until)))
      .orderBy(asc(policy.graceEndDate), asc(policy.policyNumber))
      .limit(limit);
  }

  private dueCondition(scope: PolicyScope, monthStart: string, monthEnd: string): SQL {
    return and(
      scopeCondition(scope),
      inArray(policy.status, ['Active', 'Grace']),
      ne(policy.premiumMode, 'singlePremium'),
      sql`${policy.paidToDate} BETWEEN ${monthStart}::date AND ${monthEnd}::date`,
    ) as SQL;
  }

  /** In-force regular-premium policies whose paid-to date falls in the month, soonest first. */
  premiumsDue(scope: PolicyScope, monthStart: string, monthEnd: string, limit: number): Promise<PolicySummaryRow[]> {
    return this.db
      .select(summaryColumns)
      .from(policy)
      .where(this.dueCondition(scope, monthStart, monthEnd))
      .orderBy(asc(policy.paidToDate), asc(policy.policyNumber))
      .limit(limit);
  }

  premiumsDueTotals(
    scope: PolicyScope,
    monthStart: string,
    monthEnd: string,
  ): Promise<{ currency: CurrencyCode; count: number; total: number }[]> {
    return this.db
      .select({ currency: policy.currency, count: count(), total: sql<number>`sum(${policy.modalPremium})::float8` })
      .from(policy)
      .where(this.dueCondition(scope, monthStart, monthEnd))
      .groupBy(policy.currency)
      .orderBy(asc(policy.currency));
  }
}
