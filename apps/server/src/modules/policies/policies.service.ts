import { indexCatalogue } from '@portal/domain/catalogue/catalogue-index';
import { SEED_CATALOGUES } from '@portal/domain/catalogue/seed-catalogues';
import { ROLE_AA, ROLE_AS } from '@portal/domain/codes/roles';
import type { Language } from '@portal/domain/codes/languages';
import type { ClientMilestonesQuery, ClientMilestonesResponse } from '@portal/domain/contracts/policies/find-client-milestones';
import { MILESTONE_DEFAULT_DAYS, MILESTONE_MAX_ITEMS } from '@portal/domain/contracts/policies/find-client-milestones';
import type { ClientPaymentsQuery, ClientPaymentsResponse } from '@portal/domain/contracts/policies/find-client-payments';
import type { FindPendingCodeResponse } from '@portal/domain/contracts/policies/find-pending-code';
import {
  DETAIL_MILESTONE_DAYS,
  DETAIL_RECENT_PAYMENTS,
  type PolicyDetailsResponse,
} from '@portal/domain/contracts/policies/find-policy-details';
import { clientPendingFileName } from '@portal/domain/contracts/policies/download-client-pending';
import { POLICY_NUMBER_PATTERN, toMoney } from '@portal/domain/contracts/policies/policy-fields';
import type { SearchCustomersQuery, SearchCustomersResponse } from '@portal/domain/contracts/policies/search-customers';
import type { ServicingSummaryResponse } from '@portal/domain/contracts/policies/servicing-summary';
import {
  SUMMARY_GRACE_ALERT_DAYS,
  SUMMARY_LAPSE_ALERT_DAYS,
  SUMMARY_LIST_MAX,
  SUMMARY_MILESTONE_DAYS,
} from '@portal/domain/contracts/policies/servicing-summary';
import type { UpdateDeliveryStatusRequest, UpdateDeliveryStatusResponse } from '@portal/domain/contracts/policies/update-delivery-status';
import { pendingCodeFieldSchema, type UploadClientPendingDocResponse } from '@portal/domain/contracts/policies/upload-client-pending-doc';
import { daysInMonth, instantToOffsetDateTime, todayInPhnomPenh } from '@portal/domain/format/date';
import { AppError } from '../../lib/app-error';
import { validateUpload, type UploadedFile } from '../../lib/upload-validation';
import type { AuthUser } from '../../plugins/auth-types';
import { PdfRenderError } from '../../providers/pdf/pdf-renderer';
import type { RenderedPdfsService } from '../rendered-pdfs/rendered-pdfs.service';
import type { AuditEntry, AuditService } from '../audit/audit.service';
import { clientPendingLetterHtml } from './client-pending-letter';
import { addDays } from './policy-dates';
import type { PoliciesRepository } from './policies.repository';
import type { PolicyPendingRepository } from './policy-pending.repository';
import type { PolicyServicingRepository } from './policy-servicing.repository';
import type { PolicyScope } from './policy-scope.repository';
import { policySearchPatterns } from './policy-search';
import { toMilestone, toPayment, toPending, toPolicyDetails, toPolicySummary } from './policy-mappers';
import type { Caller } from '../../plugins/caller';

/** A product's names from the newest catalogue that has it (a policy may predate the current one). */
function catalogueProduct(code: string): { name: string; nameKh: string } | null {
  for (const catalogue of [...SEED_CATALOGUES].reverse()) {
    const product = indexCatalogue(catalogue).product(code);
    if (product) return { name: product.name, nameKh: product.nameKh };
  }
  return null;
}

/** An uploaded file as the route read it. */
export type { UploadedFile };

const AUDIT_ENTITY = 'policy';

/**
 * Agency staff (ROLE_AS, ROLE_AA) see their agency's policies; everyone else (the advisors the
 * access policy lets in) the policies they sold.
 */
export function policyScope(user: AuthUser): PolicyScope {
  const staff = user.roles.includes(ROLE_AS) || user.roles.includes(ROLE_AA);
  return staff && user.agencyId ? { agencyId: user.agencyId } : { agentUserId: user.id };
}

function encodeCursor(value: unknown): string {
  return Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
}

function decodeCursor<T>(cursor: string, check: (value: unknown) => value is T): T {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (check(value)) return value;
  } catch {
    // fall through
  }
  throw AppError.validation([{ field: 'cursor', key: 'invalid' }]);
}

const isPolicyCursor = (v: unknown): v is [string] =>
  Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' && POLICY_NUMBER_PATTERN.test(v[0]);
const isPaymentCursor = (v: unknown): v is [string, number] =>
  Array.isArray(v) && v.length === 2 && typeof v[0] === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v[0]) && Number.isSafeInteger(v[1]);

/**
 * Policy servicing. A policy the caller may not see (another advisor's or agency's,
 * unknown, malformed number) is a 404, never a 403. Every read of personal data is audited
 * (policy numbers and counts, never the data itself).
 */
export class PoliciesService {
  constructor(
    private readonly policies: PoliciesRepository,
    private readonly pendingRequirements: PolicyPendingRepository,
    private readonly servicing: PolicyServicingRepository,
    private readonly audit: AuditService,
    private readonly pdfs: RenderedPdfsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private entry(caller: Caller, action: string, policyNumber: string | null, details?: Record<string, unknown>): AuditEntry {
    return { actorUserId: caller.user.id, action, entity: AUDIT_ENTITY, entityId: policyNumber, ip: caller.ip, details: details ?? null };
  }

  private record(caller: Caller, action: string, policyNumber: string | null, details?: Record<string, unknown>): Promise<void> {
    return this.audit.record(this.entry(caller, action, policyNumber, details));
  }

  private today(): string {
    return todayInPhnomPenh(this.now());
  }

  /** The visible policy's id, or a 404. */
  async requireVisible(caller: Caller, policyNumber: string): Promise<{ id: string; version: number }> {
    const found = POLICY_NUMBER_PATTERN.test(policyNumber)
      ? await this.policies.findVisibleId(policyScope(caller.user), policyNumber)
      : undefined;
    if (!found) throw AppError.http(404);
    return found;
  }

  /** Search and detail answers are read for each call, and every one is audited. */
  async search(caller: Caller, query: SearchCustomersQuery): Promise<SearchCustomersResponse> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, isPolicyCursor)[0];
    const rows = await this.policies.search(
      policyScope(caller.user),
      {
        ...(query.q === undefined ? {} : { patterns: policySearchPatterns(query.q) }),
        ...(query.status === undefined ? {} : { status: query.status }),
        ...(after === undefined ? {} : { afterPolicyNumber: after }),
      },
      query.size + 1,
    );
    const page = rows.slice(0, query.size);
    const last = page.at(-1);
    await this.record(caller, 'search', null, { policyNumbers: page.map((r) => r.policyNumber) });
    return {
      items: page.map(toPolicySummary),
      nextCursor: rows.length > query.size && last ? encodeCursor([last.policyNumber]) : null,
    };
  }

  async details(caller: Caller, policyNumber: string): Promise<PolicyDetailsResponse> {
    if (!POLICY_NUMBER_PATTERN.test(policyNumber)) throw AppError.http(404);
    const today = this.today();
    // The read and its audit row are one statement: no row for a policy the caller may not see.
    const doc = await this.policies.details(policyScope(caller.user), policyNumber, DETAIL_RECENT_PAYMENTS, {
      milestones: { from: today, to: addDays(today, DETAIL_MILESTONE_DAYS), limit: MILESTONE_MAX_ITEMS },
      audit: this.audit.rowOf(this.entry(caller, 'read', policyNumber, { view: 'details' })),
    });
    if (!doc) throw AppError.http(404);
    return toPolicyDetails(doc);
  }

  async payments(caller: Caller, query: ClientPaymentsQuery): Promise<ClientPaymentsResponse> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, isPaymentCursor);
    const { id } = await this.requireVisible(caller, query.policyNumber);
    const rows = await this.policies.payments(id, after ? { date: after[0], id: after[1] } : undefined, query.size + 1);
    const page = rows.slice(0, query.size);
    const last = page.at(-1);
    await this.record(caller, 'read', query.policyNumber, { view: 'payments', count: page.length });
    return {
      policyNumber: query.policyNumber,
      items: page.map(toPayment),
      nextCursor: rows.length > query.size && last ? encodeCursor([last.paymentDate, Number(last.id)]) : null,
    };
  }

  async milestones(caller: Caller, query: ClientMilestonesQuery): Promise<ClientMilestonesResponse> {
    const from = query.from ?? this.today();
    const to = query.to ?? addDays(from, MILESTONE_DEFAULT_DAYS);
    if (to < from) throw AppError.validation([{ field: 'to', key: 'invalid' }]);
    const policyId = query.policyNumber ? (await this.requireVisible(caller, query.policyNumber)).id : undefined;
    const rows = await this.servicing.milestones(policyScope(caller.user), {
      from,
      to,
      limit: MILESTONE_MAX_ITEMS + 1,
      ...(query.type ? { type: query.type } : {}),
      ...(policyId ? { policyId } : {}),
    });
    const items = rows.slice(0, MILESTONE_MAX_ITEMS).map(toMilestone);
    await this.record(caller, 'read', query.policyNumber ?? null, {
      view: 'milestones',
      policyNumbers: [...new Set(items.map((m) => m.policyNumber))],
    });
    return { from, to, items, truncated: rows.length > MILESTONE_MAX_ITEMS };
  }

  async summary(caller: Caller): Promise<ServicingSummaryResponse> {
    const scope = policyScope(caller.user);
    const today = this.today();
    const month = today.slice(0, 7);
    const monthStart = `${month}-01`;
    const monthEnd = `${month}-${String(daysInMonth(Number(today.slice(0, 4)), Number(today.slice(5, 7)))).padStart(2, '0')}`;
    const milestoneTo = addDays(today, SUMMARY_MILESTONE_DAYS);
    const counts = await this.servicing.countsByStatus(scope);
    const grace = await this.servicing.enteringGrace(scope, addDays(today, SUMMARY_GRACE_ALERT_DAYS), SUMMARY_LIST_MAX);
    const lapsing = await this.servicing.lapsingSoon(scope, addDays(today, SUMMARY_LAPSE_ALERT_DAYS), SUMMARY_LIST_MAX);
    const due = await this.servicing.premiumsDue(scope, monthStart, monthEnd, SUMMARY_LIST_MAX);
    const dueTotals = await this.servicing.premiumsDueTotals(scope, monthStart, monthEnd);
    const milestones = await this.servicing.milestones(scope, { from: today, to: milestoneTo, limit: MILESTONE_MAX_ITEMS });
    const byStatus = { Active: 0, Grace: 0, Lapsed: 0 };
    for (const c of counts) byStatus[c.status] = Number(c.count);
    await this.record(caller, 'read', null, { view: 'summary' });
    return {
      asOf: today,
      countsByStatus: { ...byStatus, total: byStatus.Active + byStatus.Grace + byStatus.Lapsed },
      enteringGrace: { count: Number(grace[0]?.total ?? 0), items: grace.map(toPolicySummary) },
      lapsingSoon: { count: Number(lapsing[0]?.total ?? 0), items: lapsing.map(toPolicySummary) },
      premiumsDue: {
        month,
        count: dueTotals.reduce((n, t) => n + Number(t.count), 0),
        totals: dueTotals.map((t) => toMoney(Number(t.total), t.currency)),
        items: due.map(toPolicySummary),
      },
      upcomingMilestones: {
        from: today,
        to: milestoneTo,
        count: milestones.length,
        items: milestones.slice(0, SUMMARY_LIST_MAX).map(toMilestone),
      },
    };
  }

  async pending(caller: Caller, policyNumber: string): Promise<FindPendingCodeResponse> {
    const doc = POLICY_NUMBER_PATTERN.test(policyNumber)
      ? await this.policies.details(policyScope(caller.user), policyNumber, 0)
      : undefined;
    if (!doc) throw AppError.http(404);
    await this.record(caller, 'read', policyNumber, { view: 'pending' });
    return { policyNumber, items: doc.pending.map(toPending) };
  }

  /** The client-pending letter as a PDF, and the file name to give it. */
  async pendingLetter(caller: Caller, policyNumber: string, lang: Language): Promise<{ fileName: string; pdf: Buffer }> {
    const doc = POLICY_NUMBER_PATTERN.test(policyNumber)
      ? await this.policies.details(policyScope(caller.user), policyNumber, 0)
      : undefined;
    if (!doc) throw AppError.http(404);
    const today = this.today();
    const owner = doc.clients.find((c) => c.linkType === 'O') ?? null;
    const insured = doc.clients.find((c) => c.linkType === 'I') ?? null;
    const html = clientPendingLetterHtml({
      lang,
      today,
      policyNumber: doc.policyNumber,
      productCode: doc.productCode,
      productName: catalogueProduct(doc.productCode),
      owner,
      insured,
      agent: { displayName: doc.agent.displayName, displayNameKh: doc.agent.displayNameKh, phone: doc.agent.phone },
      requirements: doc.pending.map(toPending),
    });
    // Rendered once per policy version, language and page (the letter is dated today, so at most once a day).
    const record = { kind: 'client-pending-letter', recordId: doc.id, recordVersion: doc.version, lang } as const;
    let pdf: Buffer;
    try {
      pdf = await this.pdfs.obtain(record, { html });
    } catch (error) {
      if (error instanceof PdfRenderError) throw new AppError(503, 503, 'unavailable', undefined, { cause: error });
      throw error;
    }
    await this.record(caller, 'download', policyNumber, { document: 'client-pending', lang });
    return { fileName: clientPendingFileName(doc.policyNumber, today), pdf };
  }

  /**
   * Stores a document for a pending requirement. Checks, in order: the code (422), the file's
   * presence, emptiness and name (422), its extension (415), its size (413; the multipart limit
   * usually stops it first), its content (415). Nothing is stored unless all pass.
   */
  async uploadPending(
    caller: Caller,
    policyNumber: string,
    pendingCodeRaw: string | undefined,
    file: UploadedFile | undefined,
  ): Promise<UploadClientPendingDocResponse> {
    const { id: policyId } = await this.requireVisible(caller, policyNumber);
    if (pendingCodeRaw === undefined || pendingCodeRaw.trim() === '')
      throw AppError.validation([{ field: 'pendingCode', key: 'required' }]);
    const code = pendingCodeFieldSchema.safeParse(pendingCodeRaw);
    if (!code.success) throw AppError.validation([{ field: 'pendingCode', key: 'invalid' }]);
    // The shared upload check (name, size, sniffed type, hostile content): lib/upload-validation.ts.
    const { fileName, data, extension } = validateUpload(file, 'pendingDocument');
    const requirement = await this.pendingRequirements.pendingRequirement(policyId, code.data);
    if (!requirement || requirement.status !== 'outstanding') throw AppError.validation([{ field: 'pendingCode', key: 'invalid' }]);
    const mediaType = extension === 'pdf' ? 'application/pdf' : 'image/png';
    const stored = await this.audit.change(async () => {
      const added = await this.pendingRequirements.addPendingDocument({
        policyId,
        pendingId: requirement.id,
        pendingCode: code.data,
        fileName,
        mediaType,
        data,
        uploadedBy: caller.user.id,
        at: this.now(),
      });
      await this.record(caller, 'create', policyNumber, { document: added.id, pendingCode: code.data, mediaType, size: added.size });
      return added;
    });
    return {
      policyNumber,
      pendingCode: code.data,
      status: 'submitted',
      document: { id: stored.id, fileName, mediaType, size: stored.size, uploadedAt: instantToOffsetDateTime(stored.uploadedAt) },
    };
  }

  async updateDelivery(caller: Caller, body: UpdateDeliveryStatusRequest): Promise<UpdateDeliveryStatusResponse> {
    const before = await this.requireVisible(caller, body.policyNumber);
    if (before.version !== body.version) throw AppError.http(409);
    const row = await this.audit.change(async () => {
      const updated = await this.policies.updateDelivery(policyScope(caller.user), body.policyNumber, body.version, {
        status: body.deliveryStatus,
        date: body.deliveryStatusDate ?? this.today(),
        by: caller.user.id,
        at: this.now(),
      });
      if (updated && updated.deliveryStatusDate !== null)
        await this.record(caller, 'update', body.policyNumber, { fields: ['deliveryStatus', 'deliveryStatusDate'] });
      return updated;
    });
    if (!row || row.deliveryStatusDate === null) throw AppError.http(409);
    return {
      policyNumber: row.policyNumber,
      deliveryStatus: row.deliveryStatus,
      deliveryStatusDate: row.deliveryStatusDate,
      version: row.version,
    };
  }
}
