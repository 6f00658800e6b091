import { eq, sql, type SQL } from 'drizzle-orm';
import { policy, type PolicyRow } from '../../db/schema/policy.table';

// What every policy query shares: whose policies it may touch, the columns of a policy list, and
// reading the rows of a raw query (policies, pending and servicing repositories; dashboard figures).

/** Whose policies a call may touch: an advisor's own (as agent), or an agency's (agency staff). */
export type PolicyScope = { agentUserId: string } | { agencyId: string };

/** The columns a policy list shows (policySummarySchema). */
export const summaryColumns = {
  id: policy.id,
  policyNumber: policy.policyNumber,
  productCode: policy.productCode,
  planKey: policy.planKey,
  status: policy.status,
  statusDate: policy.statusDate,
  premiumMode: policy.premiumMode,
  modalPremium: policy.modalPremium,
  sumAssured: policy.sumAssured,
  currency: policy.currency,
  effectiveDate: policy.effectiveDate,
  paidToDate: policy.paidToDate,
  maturityDate: policy.maturityDate,
  graceEndDate: policy.graceEndDate,
  ownerFirstName: policy.ownerFirstName,
  ownerLastName: policy.ownerLastName,
  ownerFirstNameKh: policy.ownerFirstNameKh,
  ownerLastNameKh: policy.ownerLastNameKh,
  ownerPhone: policy.ownerPhone,
  insuredFirstName: policy.insuredFirstName,
  insuredLastName: policy.insuredLastName,
  insuredFirstNameKh: policy.insuredFirstNameKh,
  insuredLastNameKh: policy.insuredLastNameKh,
};
export type PolicySummaryRow = Pick<PolicyRow, keyof typeof summaryColumns>;

export function scopeCondition(scope: PolicyScope): SQL {
  return 'agentUserId' in scope ? eq(policy.agentUserId, scope.agentUserId) : eq(policy.agencyId, scope.agencyId);
}

/** The same condition for raw SQL over `policy <alias>`. */
export function scopeSql(scope: PolicyScope, alias = 'p'): SQL {
  const a = sql.raw(alias);
  return 'agentUserId' in scope ? sql`${a}.agent_user_id = ${scope.agentUserId}::uuid` : sql`${a}.agency_id = ${scope.agencyId}::uuid`;
}

/** The rows of a raw query, from either driver (node-postgres and PGlite both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A json column as an object, whether the driver parsed it or not. */
export function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
