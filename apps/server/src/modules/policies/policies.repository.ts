import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm';
import type { CurrencyCode } from '@portal/domain/codes/currencies';
import type { PolicyStatus } from '@portal/domain/codes/policy-codes';
import type { DeliveryStatus } from '@portal/domain/contracts/policies/policy-fields';
import type { Db } from '../../db/client';
import { executePrepared } from '../../db/prepared';
import type { NewAuditLogRow } from '../../db/schema/audit-log.table';
import { withAuditRow } from '../audit/audit.repository';
import { policy, type PolicyRow } from '../../db/schema/policy.table';
import { milestonesJson, type MilestoneRow } from './policy-milestones.repository';
import type { PolicySearchPatterns } from './policy-search';
import { json, rowsOf, scopeCondition, scopeSql, summaryColumns, type PolicyScope, type PolicySummaryRow } from './policy-scope.repository';

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

/** Policy reads (search, the details document, payments) and the delivery status. */
export class PoliciesRepository {
  constructor(private readonly db: Db) {}

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
   * or undefined when the caller may not see it. With `audit`, the same statement stores that audit
   * row when the policy is found (audit.repository.ts `withAuditRow`).
   */
  async details(
    scope: PolicyScope,
    policyNumber: string,
    recentPayments: number,
    options: { milestones?: { from: string; to: string; limit: number }; audit?: NewAuditLogRow } = {},
  ): Promise<PolicyDocument | undefined> {
    const { milestones, audit } = options;
    const read = sql`
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
    `;
    const result = await executePrepared(this.db, audit ? withAuditRow(read, audit) : read);
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
