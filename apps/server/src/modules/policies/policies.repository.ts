import { and, asc, count, eq, gt, inArray, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/domain/codes/currencies';
import type { PolicyStatus } from '@portal/domain/codes/policy-codes';
import type { DeliveryStatus, MilestoneType } from '@portal/domain/contracts/policies/policy-fields';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import { policyPendingDocument } from '../../db/schema/policy-pending-document.table';
import { policyPending } from '../../db/schema/policy-pending.table';
import { policy, type PolicyRow } from '../../db/schema/policy.table';
import type { BlobStore } from '../../providers/blob/blob-store';
import type { PolicySearchPatterns } from './policy-search';

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
function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A json column as an object, whether the driver parsed it or not. */
function json<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export interface PolicySearch {
  patterns?: PolicySearchPatterns;
  status?: PolicyStatus;
  afterPolicyNumber?: string;
}

// ---- the details document ------------------------------------------------------------------

export interface ClientJson {
  linkType: 'I' | 'O' | 'P';
  firstName: string;
  lastName: string;
  firstNameKh: string | null;
  lastNameKh: string | null;
  gender: 'M' | 'F';
  dateOfBirth: string;
  idType: '1' | '2' | '4' | '6' | null;
  idNumber: string | null;
  phone: string | null;
  email: string | null;
  occupation: string | null;
  address: string | null;
}

export interface PaymentJson {
  id: string;
  paymentDate: string;
  amount: number;
  currency: CurrencyCode;
  paymentType: 'CDB' | 'CHQ' | 'CS' | 'WING' | 'PTPP';
  bankCode: string | null;
  reference: string | null;
  sourcePolicyNumber: string | null;
  periodFrom: string | null;
  periodTo: string | null;
}

export interface PendingJson {
  code: string;
  descriptionEn: string;
  descriptionKm: string;
  requestedDate: string;
  dueDate: string | null;
  status: 'outstanding' | 'received' | 'waived';
  submitted: boolean;
  documents: { id: string; fileName: string; mediaType: 'application/pdf' | 'image/png'; size: number; uploadedAtMs: number }[];
}

/** Everything of one policy, as the single details query answers it. */
export interface PolicyDocument {
  id: string;
  policyNumber: string;
  productCode: string;
  planKey: string | null;
  status: PolicyStatus;
  statusDate: string;
  graceEndDate: string | null;
  issueDate: string;
  effectiveDate: string;
  paidToDate: string | null;
  maturityDate: string | null;
  premiumMode: PolicyRow['premiumMode'];
  modalPremium: number;
  currency: CurrencyCode;
  sumAssured: number;
  policyTerm: number | null;
  premiumTerm: number | null;
  deliveryStatus: DeliveryStatus;
  deliveryStatusDate: string | null;
  issuance: PolicyRow['issuance'];
  version: number;
  importedAtMs: number;
  agent: {
    userId: string;
    displayName: string;
    displayNameKh: string | null;
    agentCode: string | null;
    agencyCode: string | null;
    agencyName: string | null;
    phone: string | null;
  };
  clients: ClientJson[];
  beneficiaries: (Omit<
    ClientJson,
    'linkType' | 'idType' | 'idNumber' | 'phone' | 'email' | 'occupation' | 'address' | 'gender' | 'dateOfBirth'
  > & {
    priority: 'p' | 's';
    relationship: string;
    shareBasisPoints: number;
    gender: 'M' | 'F' | null;
    dateOfBirth: string | null;
  })[];
  coverages: {
    coverageType: 'B' | 'R' | 'W';
    productCode: string;
    planKey: string | null;
    faceAmount: number;
    premium: number;
    term: number | null;
    premiumTerm: number | null;
    startDate: string | null;
    endDate: string | null;
  }[];
  values: { policyYear: number; cashValue: number; surrenderValue: number; paidUpValue: number }[];
  claims: {
    claimNumber: string;
    claimType: string;
    status: string;
    eventDate: string | null;
    submittedDate: string;
    decisionDate: string | null;
    claimedAmount: number;
    paidAmount: number | null;
  }[];
  recentPayments: PaymentJson[];
  paymentCount: number;
  lastPaymentDate: string | null;
  paymentTotals: { currency: CurrencyCode; total: number }[];
  pending: PendingJson[];
  milestones: MilestoneRow[];
}

const CLIENT_JSON = sql.raw(`json_build_object(
  'linkType', c.link_type, 'firstName', c.first_name, 'lastName', c.last_name, 'firstNameKh', c.first_name_kh,
  'lastNameKh', c.last_name_kh, 'gender', c.gender, 'dateOfBirth', c.date_of_birth, 'idType', c.id_type,
  'idNumber', c.id_number, 'phone', c.phone, 'email', c.email, 'occupation', c.occupation, 'address', c.address)`);

const PAYMENT_JSON = sql.raw(`json_build_object(
  'id', pp.id::text, 'paymentDate', pp.payment_date, 'amount', pp.amount, 'currency', pp.currency,
  'paymentType', pp.payment_type, 'bankCode', pp.bank_code, 'reference', pp.reference,
  'sourcePolicyNumber', pp.source_policy_number, 'periodFrom', pp.period_from, 'periodTo', pp.period_to)`);

// ---- milestones ----------------------------------------------------------------------------

export interface MilestoneRow {
  date: string;
  type: MilestoneType;
  policyNumber: string;
  linkType: 'I' | 'O' | null;
  firstName: string | null;
  lastName: string | null;
  firstNameKh: string | null;
  lastNameKh: string | null;
  descriptionEn: string | null;
  descriptionKm: string | null;
  amount: number | null;
  currency: CurrencyCode | null;
}

export interface MilestoneQuery {
  from: string;
  to: string;
  type?: MilestoneType;
  policyId?: string;
  limit: number;
}

/** The same day and month in year `y` (29 February -> 28 February in a common year). */
function sameDayIn(year: SQL, date: SQL): SQL {
  const monthStart = sql`make_date(${year}, extract(month FROM ${date})::int, 1)`;
  return sql`(${monthStart} + (least(extract(day FROM ${date})::int, extract(day FROM (${monthStart} + interval '1 month' - interval '1 day'))::int) - 1))`;
}

/**
 * One query answering `items`: the milestones (json array, soonest first, at most `q.limit`) of the
 * policies in force that `policies` (a condition on `policy mp`) selects, between two dates
 * (inclusive): birthdays of owners and insureds (once per person), policy anniversaries,
 * maturities, premium due dates (paid-to dates of regular-premium policies) and the feed's own
 * events. It may stand alone or as a correlated sub-select (`mp.id = p.id`).
 */
export function milestonesJson(policies: SQL, q: Omit<MilestoneQuery, 'policyId'>): SQL {
  const fromYear = Number(q.from.slice(0, 4));
  const toYear = Number(q.to.slice(0, 4));
  const from = sql`${q.from}::date`;
  const to = sql`${q.to}::date`;
  const want = (type: MilestoneType) => q.type === undefined || q.type === type;
  const yr = sql.raw('y.yr');
  const branches: SQL[] = [];
  if (want('birthday')) {
    const day = sameDayIn(yr, sql.raw('c.date_of_birth'));
    branches.push(sql`(SELECT DISTINCT ON (s.policy_number, c.first_name, c.last_name, c.date_of_birth, y.yr)
        ${day} AS d, 'birthday'::text AS type, s.policy_number, c.link_type, c.first_name, c.last_name, c.first_name_kh, c.last_name_kh,
        NULL::text AS den, NULL::text AS dkm, NULL::bigint AS amount, NULL::text AS currency
      FROM s JOIN policy_client c ON c.policy_id = s.id AND c.link_type IN ('O', 'I') CROSS JOIN y
      WHERE ${day} BETWEEN ${from} AND ${to}
      ORDER BY s.policy_number, c.first_name, c.last_name, c.date_of_birth, y.yr, c.link_type DESC)`);
  }
  if (want('anniversary')) {
    const day = sameDayIn(yr, sql.raw('s.effective_date'));
    branches.push(sql`(SELECT ${day} AS d, 'anniversary'::text AS type, s.policy_number, NULL::text AS link_type, NULL::text AS first_name, NULL::text AS last_name, NULL::text AS first_name_kh, NULL::text AS last_name_kh,
        NULL::text AS den, NULL::text AS dkm, NULL::bigint AS amount, NULL::text AS currency
      FROM s CROSS JOIN y WHERE y.yr > extract(year FROM s.effective_date)::int AND ${day} BETWEEN ${from} AND ${to})`);
  }
  if (want('maturity')) {
    branches.push(sql`(SELECT s.maturity_date AS d, 'maturity'::text AS type, s.policy_number, NULL::text AS link_type, NULL::text AS first_name, NULL::text AS last_name, NULL::text AS first_name_kh, NULL::text AS last_name_kh,
        NULL::text AS den, NULL::text AS dkm, NULL::bigint AS amount, NULL::text AS currency
      FROM s WHERE s.maturity_date BETWEEN ${from} AND ${to})`);
  }
  if (want('premiumDue')) {
    branches.push(sql`(SELECT s.paid_to_date AS d, 'premiumDue'::text AS type, s.policy_number, NULL::text AS link_type, NULL::text AS first_name, NULL::text AS last_name, NULL::text AS first_name_kh, NULL::text AS last_name_kh,
        NULL::text AS den, NULL::text AS dkm, s.modal_premium AS amount, s.currency AS currency
      FROM s WHERE s.premium_mode <> 'singlePremium' AND s.paid_to_date BETWEEN ${from} AND ${to})`);
  }
  if (want('other')) {
    branches.push(sql`(SELECT pm.milestone_date AS d, 'other'::text AS type, s.policy_number, NULL::text AS link_type, NULL::text AS first_name, NULL::text AS last_name, NULL::text AS first_name_kh, NULL::text AS last_name_kh,
        pm.description_en AS den, pm.description_km AS dkm, NULL::bigint AS amount, NULL::text AS currency
      FROM s JOIN policy_milestone pm ON pm.policy_id = s.id WHERE pm.milestone_date BETWEEN ${from} AND ${to})`);
  }
  return sql`
    WITH s AS (
      SELECT mp.id, mp.policy_number, mp.effective_date, mp.maturity_date, mp.paid_to_date, mp.premium_mode, mp.modal_premium, mp.currency
      FROM policy mp
      WHERE ${policies} AND mp.status IN ('Active', 'Grace')
    ), y AS (SELECT generate_series(${fromYear}::int, ${toYear}::int) AS yr),
    m AS (${sql.join(branches, sql` UNION ALL `)})
    SELECT coalesce(json_agg(json_build_object(
        'date', m.d, 'type', m.type, 'policyNumber', m.policy_number, 'linkType', m.link_type, 'firstName', m.first_name,
        'lastName', m.last_name, 'firstNameKh', m.first_name_kh, 'lastNameKh', m.last_name_kh, 'descriptionEn', m.den,
        'descriptionKm', m.dkm, 'amount', m.amount, 'currency', m.currency) ORDER BY m.d, m.policy_number, m.type), '[]'::json) AS items
    FROM (SELECT * FROM m ORDER BY d, policy_number, type LIMIT ${q.limit}) m
  `;
}

export class PoliciesRepository {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
  ) {}

  /** Keyset search by policy number (ascending); `limit` rows after `afterPolicyNumber`. */
  search(scope: PolicyScope, search: PolicySearch, limit: number): Promise<PolicySummaryRow[]> {
    const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
    if (search.patterns) {
      const { text, phoneDigits } = search.patterns;
      const byText = sql`${policy.searchText} LIKE ${text}`;
      conditions.push(phoneDigits === null ? byText : or(byText, sql`${policy.searchPhones} LIKE ${phoneDigits}`));
    }
    if (search.status) conditions.push(eq(policy.status, search.status));
    if (search.afterPolicyNumber) conditions.push(gt(policy.policyNumber, search.afterPolicyNumber));
    // Policy numbers are capitals, digits and hyphens, so lower() keeps their order; ordering by
    // the expression keeps the planner off the policy-number index for a selective term.
    const order = search.patterns?.selective ? sql`lower(${policy.policyNumber})` : asc(policy.policyNumber);
    return this.db
      .select(summaryColumns)
      .from(policy)
      .where(and(...conditions))
      .orderBy(order)
      .limit(limit);
  }

  /** The policy's id when the caller may see it. */
  async findVisibleId(scope: PolicyScope, policyNumber: string): Promise<{ id: string; version: number } | undefined> {
    const [row] = await this.db
      .select({ id: policy.id, version: policy.version })
      .from(policy)
      .where(and(scopeCondition(scope), eq(policy.policyNumber, policyNumber)))
      .limit(1);
    return row;
  }

  /**
   * The whole policy in ONE query (a json sub-select per child table, its milestones included),
   * or undefined when the caller may not see it.
   */
  async details(
    scope: PolicyScope,
    policyNumber: string,
    recentPayments: number,
    milestones?: { from: string; to: string; limit: number },
  ): Promise<PolicyDocument | undefined> {
    const result = await executePrepared(
      this.db,
      sql`
      SELECT json_build_object(
        'id', p.id, 'policyNumber', p.policy_number, 'productCode', p.product_code, 'planKey', p.plan_key,
        'status', p.status, 'statusDate', p.status_date, 'graceEndDate', p.grace_end_date, 'issueDate', p.issue_date,
        'effectiveDate', p.effective_date, 'paidToDate', p.paid_to_date, 'maturityDate', p.maturity_date,
        'premiumMode', p.premium_mode, 'modalPremium', p.modal_premium, 'currency', p.currency, 'sumAssured', p.sum_assured,
        'policyTerm', p.policy_term, 'premiumTerm', p.premium_term, 'deliveryStatus', p.delivery_status,
        'deliveryStatusDate', p.delivery_status_date, 'issuance', p.issuance, 'version', p.version,
        'importedAtMs', (extract(epoch FROM p.imported_at) * 1000)::float8,
        'agent', json_build_object('userId', u.id, 'displayName', u.display_name, 'displayNameKh', u.display_name_kh,
          'agentCode', u.agent_code, 'agencyCode', a.code, 'agencyName', a.name, 'phone', u.phone),
        'clients', coalesce((SELECT json_agg(${CLIENT_JSON} ORDER BY c.seq) FROM policy_client c WHERE c.policy_id = p.id), '[]'::json),
        'beneficiaries', coalesce((SELECT json_agg(json_build_object(
            'priority', b.priority, 'firstName', b.first_name, 'lastName', b.last_name, 'firstNameKh', b.first_name_kh,
            'lastNameKh', b.last_name_kh, 'relationship', b.relationship, 'shareBasisPoints', b.share_basis_points,
            'gender', b.gender, 'dateOfBirth', b.date_of_birth) ORDER BY b.priority, b.seq)
          FROM policy_beneficiary b WHERE b.policy_id = p.id), '[]'::json),
        'coverages', coalesce((SELECT json_agg(json_build_object(
            'coverageType', v.coverage_type, 'productCode', v.product_code, 'planKey', v.plan_key, 'faceAmount', v.face_amount,
            'premium', v.premium, 'term', v.term, 'premiumTerm', v.premium_term, 'startDate', v.start_date, 'endDate', v.end_date)
            ORDER BY CASE v.coverage_type WHEN 'B' THEN 0 WHEN 'R' THEN 1 ELSE 2 END, v.seq)
          FROM policy_coverage v WHERE v.policy_id = p.id), '[]'::json),
        'values', coalesce((SELECT json_agg(json_build_object(
            'policyYear', pv.policy_year, 'cashValue', pv.cash_value, 'surrenderValue', pv.surrender_value, 'paidUpValue', pv.paid_up_value)
            ORDER BY pv.policy_year)
          FROM policy_value pv WHERE pv.policy_id = p.id), '[]'::json),
        'claims', coalesce((SELECT json_agg(json_build_object(
            'claimNumber', cl.claim_number, 'claimType', cl.claim_type, 'status', cl.status, 'eventDate', cl.event_date,
            'submittedDate', cl.submitted_date, 'decisionDate', cl.decision_date, 'claimedAmount', cl.claimed_amount,
            'paidAmount', cl.paid_amount) ORDER BY cl.submitted_date DESC, cl.id DESC)
          FROM policy_claim cl WHERE cl.policy_id = p.id), '[]'::json),
        'recentPayments', coalesce((SELECT json_agg(${PAYMENT_JSON} ORDER BY pp.payment_date DESC, pp.id DESC)
          FROM (SELECT * FROM policy_payment x WHERE x.policy_id = p.id ORDER BY x.payment_date DESC, x.id DESC LIMIT ${recentPayments}) pp), '[]'::json),
        'paymentCount', (SELECT count(*) FROM policy_payment x WHERE x.policy_id = p.id),
        'lastPaymentDate', (SELECT max(x.payment_date) FROM policy_payment x WHERE x.policy_id = p.id),
        'paymentTotals', coalesce((SELECT json_agg(json_build_object('currency', t.currency, 'total', t.total) ORDER BY t.currency)
          FROM (SELECT x.currency, sum(x.amount) AS total FROM policy_payment x WHERE x.policy_id = p.id GROUP BY x.currency) t), '[]'::json),
        'pending', coalesce((SELECT json_agg(json_build_object(
            'code', r.code, 'descriptionEn', r.description_en, 'descriptionKm', r.description_km, 'requestedDate', r.requested_date,
            'dueDate', r.due_date, 'status', r.status, 'submitted', r.submitted_at IS NOT NULL,
            'documents', coalesce((SELECT json_agg(json_build_object('id', d.id, 'fileName', d.file_name, 'mediaType', d.media_type,
                'size', d.size, 'uploadedAtMs', (extract(epoch FROM d.uploaded_at) * 1000)::float8) ORDER BY d.uploaded_at, d.id)
              FROM policy_pending_document d WHERE d.policy_id = p.id AND d.pending_code = r.code), '[]'::json))
            ORDER BY CASE r.status WHEN 'outstanding' THEN 0 ELSE 1 END, r.requested_date, r.code)
          FROM policy_pending r WHERE r.policy_id = p.id), '[]'::json),
        'milestones', ${milestones ? sql`(${milestonesJson(sql`mp.id = p.id`, milestones)})` : sql`'[]'::json`}
      ) AS doc
      FROM policy p
      JOIN app_user u ON u.id = p.agent_user_id
      LEFT JOIN agency a ON a.id = p.agency_id
      WHERE p.policy_number = ${policyNumber} AND ${scopeSql(scope)}
    `,
    );
    const [row] = rowsOf<{ doc: unknown }>(result);
    return row ? json<PolicyDocument>(row.doc) : undefined;
  }

  /** A policy's payments, newest first, after the keyset position. */
  async payments(policyId: string, after: { date: string; id: number } | undefined, limit: number): Promise<PaymentJson[]> {
    const result = await this.db.execute(sql`
      SELECT coalesce(json_agg(${PAYMENT_JSON} ORDER BY pp.payment_date DESC, pp.id DESC), '[]'::json) AS items
      FROM (SELECT * FROM policy_payment x WHERE x.policy_id = ${policyId}::uuid
        ${after ? sql`AND (x.payment_date, x.id) < (${after.date}::date, ${after.id}::bigint)` : sql``}
        ORDER BY x.payment_date DESC, x.id DESC LIMIT ${limit}) pp
    `);
    const [row] = rowsOf<{ items: unknown }>(result);
    return row ? json<PaymentJson[]>(row.items) : [];
  }

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

  // ---- dashboard ------------------------------------------------------------------------------

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

  // ---- pending documents ------------------------------------------------------------------

  async pendingRequirement(policyId: string, code: string): Promise<{ id: number; status: string } | undefined> {
    const [row] = await this.db
      .select({ id: policyPending.id, status: policyPending.status })
      .from(policyPending)
      .where(and(eq(policyPending.policyId, policyId), eq(policyPending.code, code)))
      .limit(1);
    return row;
  }

  /** Stores the file and its document row, and marks the requirement submitted: all or nothing. */
  async addPendingDocument(input: {
    policyId: string;
    pendingId: number;
    pendingCode: string;
    fileName: string;
    mediaType: 'application/pdf' | 'image/png';
    data: Buffer;
    uploadedBy: string;
    at: Date;
  }): Promise<{ id: string; size: number; uploadedAt: Date; sha256: string }> {
    return this.db.transaction(async (tx) => {
      const ref = await this.blobs.put({ data: input.data, mediaType: input.mediaType }, tx);
      const [doc] = await tx
        .insert(policyPendingDocument)
        .values({
          policyId: input.policyId,
          pendingCode: input.pendingCode,
          blobId: ref.id,
          fileName: input.fileName,
          mediaType: input.mediaType,
          size: ref.size,
          uploadedBy: input.uploadedBy,
          uploadedAt: input.at,
        })
        .returning({ id: policyPendingDocument.id, uploadedAt: policyPendingDocument.uploadedAt });
      if (!doc) throw new Error('pending document insert returned no row');
      await tx.update(policyPending).set({ submittedAt: input.at }).where(eq(policyPending.id, input.pendingId));
      return { id: doc.id, size: ref.size, uploadedAt: doc.uploadedAt, sha256: ref.sha256 };
    });
  }

  /** Writes when `version` is still the stored one; undefined otherwise. */
  async updateDelivery(
    scope: PolicyScope,
    policyNumber: string,
    version: number,
    values: { status: DeliveryStatus; date: string; by: string; at: Date },
  ) {
    const [row] = await this.db
      .update(policy)
      .set({
        deliveryStatus: values.status,
        deliveryStatusDate: values.date,
        deliverySetBy: values.by,
        deliverySetAt: values.at,
        modifiedDate: values.at,
        version: sql`${policy.version} + 1`,
      })
      .where(and(scopeCondition(scope), eq(policy.policyNumber, policyNumber), eq(policy.version, version)))
      .returning({
        policyNumber: policy.policyNumber,
        deliveryStatus: policy.deliveryStatus,
        deliveryStatusDate: policy.deliveryStatusDate,
        version: policy.version,
      });
    return row;
  }
}
