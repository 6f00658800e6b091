import { createHash } from 'node:crypto';
import { unsafeTextPath } from '@portal/domain/rules/generic';
import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  feedIssueKey,
  feedPolicySchema,
  type FeedImportReport,
  type FeedPolicy,
  type FeedRejectKey,
  type FeedRejection,
} from '@portal/domain/contracts/policies/policy-feed';
import type { Db } from '../db/client';
import { agency } from '../db/schema/agency.table';
import { appUser } from '../db/schema/app-user.table';
import { policyBeneficiary } from '../db/schema/policy-beneficiary.table';
import { policyClaim } from '../db/schema/policy-claim.table';
import { policyClient } from '../db/schema/policy-client.table';
import { policyCoverage } from '../db/schema/policy-coverage.table';
import { policyMilestone } from '../db/schema/policy-milestone.table';
import { policyPayment } from '../db/schema/policy-payment.table';
import { policyPending } from '../db/schema/policy-pending.table';
import { policyValue } from '../db/schema/policy-value.table';
import { policy, type NewPolicyRow } from '../db/schema/policy.table';
import { addDays, daysBetween } from '../modules/policies/policy-dates';
import { policySearchPhones, policySearchText } from '../modules/policies/policy-search';
import type { FeedItem, PolicyFeed } from './policy-feed-reader';

export interface ImportOptions {
  /**
   * Demo only: move every date of the feed by the days between its `asOf` and this date
   * (YYYY-MM-DD), so a committed demo feed always looks current. Needs a header with `asOf`.
   */
  rebaseTo?: string;
  /** Records per transaction (default 200). */
  batchSize?: number;
  /** The import time written on changed policies. */
  now?: () => Date;
}

/** Most rejections listed in a report (the count is always exact). */
export const REPORT_MAX_REJECTIONS = 10_000;

/** Rows per INSERT statement (PostgreSQL allows 65,535 parameters; the widest child has 11 columns). */
const INSERT_CHUNK = 1000;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Every YYYY-MM-DD string in a raw record moved by `days`. */
function shiftDates(value: unknown, days: number): unknown {
  if (typeof value === 'string') return ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? addDays(value, days) : value;
  if (Array.isArray(value)) return value.map((v) => shiftDates(v, days));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shiftDates(v, days)]));
  }
  return value;
}

interface Checked {
  index: number;
  record: FeedPolicy;
}

interface Resolved extends Checked {
  agentUserId: string;
  agencyId: string | null;
  hash: string;
}

class Report {
  read = 0;
  inserted = 0;
  updated = 0;
  unchanged = 0;
  private readonly rejectedIndexes = new Set<number>();
  readonly rejections: FeedRejection[] = [];

  reject(index: number, policyNumber: string | null, field: string, key: FeedRejectKey): void {
    this.rejectedIndexes.add(index);
    if (this.rejections.length < REPORT_MAX_REJECTIONS) this.rejections.push({ index, policyNumber, field, key });
  }

  toJSON(asOf: string | null): FeedImportReport {
    return {
      asOf,
      read: this.read,
      inserted: this.inserted,
      updated: this.updated,
      unchanged: this.unchanged,
      rejected: this.rejectedIndexes.size,
      rejections: this.rejections,
    };
  }
}

function rawPolicyNumber(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const n = (value as { policyNumber?: unknown }).policyNumber;
  return typeof n === 'string' && n.trim() !== '' ? n.trim().toUpperCase().slice(0, 40) : null;
}

async function chunkedInsert(tx: Db, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(table).values(rows.slice(i, i + INSERT_CHUNK) as never);
  }
}

function policyRow(r: Resolved, asOf: string | null, at: Date): NewPolicyRow {
  const p = r.record;
  const owner = p.clients.find((c) => c.linkType === 'O');
  const insured = p.clients.find((c) => c.linkType === 'I');
  return {
    policyNumber: p.policyNumber,
    productCode: p.productCode,
    planKey: p.planKey,
    status: p.status,
    statusDate: p.statusDate,
    graceEndDate: p.graceEndDate,
    issueDate: p.issueDate,
    effectiveDate: p.effectiveDate,
    paidToDate: p.paidToDate,
    maturityDate: p.maturityDate,
    premiumMode: p.premiumMode,
    modalPremium: p.modalPremium,
    currency: p.currency,
    sumAssured: p.sumAssured,
    policyTerm: p.policyTerm,
    premiumTerm: p.premiumTerm,
    agentUserId: r.agentUserId,
    agencyId: r.agencyId,
    deliveryStatus: p.deliveryStatus,
    deliveryStatusDate: p.deliveryStatusDate,
    issuance: p.issuance,
    ownerFirstName: owner?.firstName ?? null,
    ownerLastName: owner?.lastName ?? null,
    ownerFirstNameKh: owner?.firstNameKh ?? null,
    ownerLastNameKh: owner?.lastNameKh ?? null,
    ownerPhone: owner?.phone ?? null,
    insuredFirstName: insured?.firstName ?? null,
    insuredLastName: insured?.lastName ?? null,
    insuredFirstNameKh: insured?.firstNameKh ?? null,
    insuredLastNameKh: insured?.lastNameKh ?? null,
    searchText: policySearchText(p.policyNumber, p.clients),
    searchPhones: policySearchPhones(p.clients),
    contentHash: r.hash,
    feedAsOf: asOf,
    importedAt: at,
    createdDate: at,
    modifiedDate: at,
  };
}

/**
 * Writes a batch of checked, changed policies in ONE transaction: upsert the policy rows by
 * policy number, replace their children, upsert their pending requirements by code.
 */
async function writeBatch(
  db: Db,
  batch: readonly Resolved[],
  asOf: string | null,
  at: Date,
): Promise<{ inserted: number; updated: number }> {
  if (batch.length === 0) return { inserted: 0, updated: 0 };
  return db.transaction(async (tx) => {
    const rows = batch.map((r) => policyRow(r, asOf, at));
    const written: { id: string; policyNumber: string; inserted: boolean }[] = [];
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      const part = await tx
        .insert(policy)
        .values(rows.slice(i, i + INSERT_CHUNK))
        .onConflictDoUpdate({
          target: policy.policyNumber,
          set: {
            productCode: sql`excluded.product_code`,
            planKey: sql`excluded.plan_key`,
            status: sql`excluded.status`,
            statusDate: sql`excluded.status_date`,
            graceEndDate: sql`excluded.grace_end_date`,
            issueDate: sql`excluded.issue_date`,
            effectiveDate: sql`excluded.effective_date`,
            paidToDate: sql`excluded.paid_to_date`,
            maturityDate: sql`excluded.maturity_date`,
            premiumMode: sql`excluded.premium_mode`,
            modalPremium: sql`excluded.modal_premium`,
            currency: sql`excluded.currency`,
            sumAssured: sql`excluded.sum_assured`,
            policyTerm: sql`excluded.policy_term`,
            premiumTerm: sql`excluded.premium_term`,
            agentUserId: sql`excluded.agent_user_id`,
            agencyId: sql`excluded.agency_id`,
            // Once agency staff set the delivery status in the portal, the feed no longer does.
            deliveryStatus: sql`CASE WHEN ${policy.deliverySetBy} IS NULL THEN excluded.delivery_status ELSE ${policy.deliveryStatus} END`,
            deliveryStatusDate: sql`CASE WHEN ${policy.deliverySetBy} IS NULL THEN excluded.delivery_status_date ELSE ${policy.deliveryStatusDate} END`,
            issuance: sql`excluded.issuance`,
            ownerFirstName: sql`excluded.owner_first_name`,
            ownerLastName: sql`excluded.owner_last_name`,
            ownerFirstNameKh: sql`excluded.owner_first_name_kh`,
            ownerLastNameKh: sql`excluded.owner_last_name_kh`,
            ownerPhone: sql`excluded.owner_phone`,
            insuredFirstName: sql`excluded.insured_first_name`,
            insuredLastName: sql`excluded.insured_last_name`,
            insuredFirstNameKh: sql`excluded.insured_first_name_kh`,
            insuredLastNameKh: sql`excluded.insured_last_name_kh`,
            searchText: sql`excluded.search_text`,
            searchPhones: sql`excluded.search_phones`,
            contentHash: sql`excluded.content_hash`,
            feedAsOf: sql`excluded.feed_as_of`,
            importedAt: sql`excluded.imported_at`,
            modifiedDate: sql`excluded.modified_date`,
            version: sql`${policy.version} + 1`,
          },
        })
        .returning({ id: policy.id, policyNumber: policy.policyNumber, inserted: sql<boolean>`(xmax = 0)` });
      written.push(...part);
    }
    const idByNumber = new Map(written.map((w) => [w.policyNumber, w.id]));
    const updatedIds = written.filter((w) => !w.inserted).map((w) => w.id);
    if (updatedIds.length > 0) {
      for (const table of [policyClient, policyBeneficiary, policyCoverage, policyValue, policyPayment, policyClaim, policyMilestone]) {
        await tx.delete(table).where(inArray(table.policyId, updatedIds));
      }
    }

    const clients: Record<string, unknown>[] = [];
    const beneficiaries: Record<string, unknown>[] = [];
    const coverages: Record<string, unknown>[] = [];
    const values: Record<string, unknown>[] = [];
    const payments: Record<string, unknown>[] = [];
    const claims: Record<string, unknown>[] = [];
    const milestones: Record<string, unknown>[] = [];
    const pending: Record<string, unknown>[] = [];
    const keepPending: SQL[] = [];
    for (const { record: p } of batch) {
      const policyId = idByNumber.get(p.policyNumber);
      if (!policyId) throw new Error(`policy ${p.policyNumber} was not written`);
      p.clients.forEach((c, seq) => clients.push({ policyId, seq, ...c }));
      p.beneficiaries.forEach((b, seq) => {
        const { shareBenifit, ...rest } = b;
        beneficiaries.push({ policyId, seq, ...rest, shareBasisPoints: Math.round(shareBenifit * 100) });
      });
      p.coverages.forEach((c, seq) => coverages.push({ policyId, seq, ...c }));
      for (const v of p.values) values.push({ policyId, ...v });
      // Oldest first, so ids follow time and "newest first" is (date, id) descending.
      const byDate = p.payments
        .map((pay, i) => ({ pay, i }))
        .sort((a, b) => (a.pay.paymentDate < b.pay.paymentDate ? -1 : a.pay.paymentDate > b.pay.paymentDate ? 1 : a.i - b.i));
      for (const { pay } of byDate) payments.push({ policyId, ...pay });
      for (const c of p.claims) claims.push({ policyId, ...c });
      for (const m of p.milestones)
        milestones.push({ policyId, milestoneDate: m.date, descriptionEn: m.descriptionEn, descriptionKm: m.descriptionKm });
      for (const r of p.pending) pending.push({ policyId, ...r });
      const codes = p.pending.map((r) => r.code);
      keepPending.push(
        codes.length === 0
          ? eq(policyPending.policyId, policyId)
          : (and(
              eq(policyPending.policyId, policyId),
              sql`${policyPending.code} NOT IN (${sql.join(
                codes.map((c) => sql`${c}`),
                sql`, `,
              )})`,
            ) as SQL),
      );
    }
    await chunkedInsert(tx, policyClient, clients);
    await chunkedInsert(tx, policyBeneficiary, beneficiaries);
    await chunkedInsert(tx, policyCoverage, coverages);
    await chunkedInsert(tx, policyValue, values);
    await chunkedInsert(tx, policyPayment, payments);
    await chunkedInsert(tx, policyClaim, claims);
    await chunkedInsert(tx, policyMilestone, milestones);

    // Pending requirements: the feed's codes upserted (keeping the portal's submitted_at), the rest deleted.
    if (updatedIds.length > 0) {
      for (let i = 0; i < keepPending.length; i += 100) await tx.delete(policyPending).where(or(...keepPending.slice(i, i + 100)));
    }
    for (let i = 0; i < pending.length; i += INSERT_CHUNK) {
      await tx
        .insert(policyPending)
        .values(pending.slice(i, i + INSERT_CHUNK) as never)
        .onConflictDoUpdate({
          target: [policyPending.policyId, policyPending.code],
          set: {
            descriptionEn: sql`excluded.description_en`,
            descriptionKm: sql`excluded.description_km`,
            requestedDate: sql`excluded.requested_date`,
            dueDate: sql`excluded.due_date`,
            status: sql`excluded.status`,
            // A new request for the same code (a later requested date) starts over.
            submittedAt: sql`CASE WHEN excluded.requested_date > ${policyPending.requestedDate} THEN NULL ELSE ${policyPending.submittedAt} END`,
          },
        });
    }
    const inserted = written.filter((w) => w.inserted).length;
    return { inserted, updated: written.length - inserted };
  });
}

/**
 * Imports a policy feed (see POLICY_FEED.md): each record is checked with feedPolicySchema, its
 * agent and agency resolved, and written when it differs from what is stored (an unchanged record
 * is skipped, so importing the same feed twice changes nothing). Good records are written in
 * batches, one transaction each; a bad record is reported with every reason and never stops the
 * others. A batch the database refuses is retried record by record, so one record's failure
 * cannot take the good ones with it.
 */
export async function importPolicyFeed(db: Db, feed: PolicyFeed, options: ImportOptions = {}): Promise<FeedImportReport> {
  const asOf = feed.header?.asOf ?? null;
  const shift = options.rebaseTo && asOf ? daysBetween(asOf, options.rebaseTo) : 0;
  const effectiveAsOf = asOf && shift !== 0 ? addDays(asOf, shift) : asOf;
  const batchSize = options.batchSize ?? 200;
  const now = options.now ?? (() => new Date());
  const report = new Report();
  const seen = new Set<string>();

  let pending: Checked[] = [];
  const flush = async () => {
    const batch = pending;
    pending = [];
    if (batch.length > 0) await processBatch(db, batch, report, effectiveAsOf, now());
  };

  for await (const item of feed.items as AsyncIterable<FeedItem>) {
    report.read++;
    if ('error' in item) {
      report.reject(item.index, null, '', item.error);
      continue;
    }
    const raw = shift === 0 ? item.value : shiftDates(item.value, shift);
    const number = rawPolicyNumber(raw);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      report.reject(item.index, null, '', 'not_an_object');
      continue;
    }
    // The rule every typed text follows: no control characters, no bidirectional overrides (a
    // name that displays in another order than it is stored).
    const unsafe = unsafeTextPath(raw);
    if (unsafe !== null) {
      report.reject(item.index, number, unsafe, 'invalid');
      continue;
    }
    const parsed = feedPolicySchema.safeParse(raw);
    if (!parsed.success) {
      const reasons = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path.map(String).join('.');
        const key = feedIssueKey(issue as { code: string; message: string; input?: unknown });
        if (reasons.has(`${field}|${key}`)) continue;
        reasons.add(`${field}|${key}`);
        report.reject(item.index, number, field, key);
      }
      continue;
    }
    if (seen.has(parsed.data.policyNumber)) {
      report.reject(item.index, parsed.data.policyNumber, 'policyNumber', 'duplicate');
      continue;
    }
    seen.add(parsed.data.policyNumber);
    pending.push({ index: item.index, record: parsed.data });
    if (pending.length >= batchSize) await flush();
  }
  await flush();
  return report.toJSON(effectiveAsOf);
}

async function processBatch(db: Db, batch: readonly Checked[], report: Report, asOf: string | null, at: Date): Promise<void> {
  // Agents by username or agent code, agencies by code: one query each for the batch.
  const usernames = [...new Set(batch.map((c) => c.record.agent.username?.toLowerCase()).filter((v): v is string => !!v))];
  const agentCodes = [...new Set(batch.map((c) => c.record.agent.agentCode).filter((v): v is string => !!v))];
  const agencyCodes = [...new Set(batch.map((c) => c.record.agencyCode).filter((v): v is string => !!v))];
  const userConditions = [
    ...(usernames.length > 0 ? [inArray(appUser.username, usernames)] : []),
    ...(agentCodes.length > 0 ? [inArray(appUser.agentCode, agentCodes)] : []),
  ];
  const users =
    userConditions.length === 0
      ? []
      : await db
          .select({ id: appUser.id, username: appUser.username, agentCode: appUser.agentCode, agencyId: appUser.agencyId })
          .from(appUser)
          .where(or(...userConditions));
  const byUsername = new Map(users.map((u) => [u.username, u]));
  const byAgentCode = new Map(users.filter((u) => u.agentCode).map((u) => [u.agentCode as string, u]));
  const agencies =
    agencyCodes.length === 0
      ? []
      : await db.select({ id: agency.id, code: agency.code }).from(agency).where(inArray(agency.code, agencyCodes));
  const agencyByCode = new Map(agencies.map((a) => [a.code, a.id]));

  const resolved: Resolved[] = [];
  for (const c of batch) {
    const { agent, agencyCode, policyNumber } = c.record;
    const user = agent.username
      ? byUsername.get(agent.username.toLowerCase())
      : agent.agentCode
        ? byAgentCode.get(agent.agentCode)
        : undefined;
    if (!user) {
      report.reject(c.index, policyNumber, agent.username ? 'agent.username' : 'agent.agentCode', 'unknown_agent');
      continue;
    }
    const agencyId = agencyCode ? agencyByCode.get(agencyCode) : user.agencyId;
    if (agencyCode && !agencyId) {
      report.reject(c.index, policyNumber, 'agencyCode', 'unknown_agency');
      continue;
    }
    const hash = createHash('sha256')
      .update(JSON.stringify([c.record, user.id, agencyId ?? null]))
      .digest('hex');
    resolved.push({ ...c, agentUserId: user.id, agencyId: agencyId ?? null, hash });
  }

  // Unchanged records (same content, same agent) are skipped.
  const stored =
    resolved.length === 0
      ? []
      : await db
          .select({ policyNumber: policy.policyNumber, contentHash: policy.contentHash })
          .from(policy)
          .where(
            inArray(
              policy.policyNumber,
              resolved.map((r) => r.record.policyNumber),
            ),
          );
  const storedHash = new Map(stored.map((s) => [s.policyNumber, s.contentHash]));
  const changed = resolved.filter((r) => storedHash.get(r.record.policyNumber) !== r.hash);
  report.unchanged += resolved.length - changed.length;

  try {
    const result = await writeBatch(db, changed, asOf, at);
    report.inserted += result.inserted;
    report.updated += result.updated;
  } catch {
    // Find the record(s) the database refused; the others still go in.
    for (const one of changed) {
      try {
        const result = await writeBatch(db, [one], asOf, at);
        report.inserted += result.inserted;
        report.updated += result.updated;
      } catch {
        report.reject(one.index, one.record.policyNumber, '', 'store_failed');
      }
    }
  }
}
