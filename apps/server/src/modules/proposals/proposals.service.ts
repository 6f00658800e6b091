import { ROLE_AA, ROLE_AS } from '@portal/domain/codes/roles';
import type { Language } from '@portal/domain/codes/languages';
import { toLanguage } from '@portal/domain/codes/languages';
import type { CalculatePremiumRequest } from '@portal/domain/contracts/engine/calculate-premium';
import type { CreateProposalRequest, ProposalParty, ProposalResponse } from '@portal/domain/contracts/proposals/create-proposal';
import type { FindProposalsQuery, FindProposalsResponse, ProposalSummary } from '@portal/domain/contracts/proposals/find-proposals';
import { proposalReportFileName } from '@portal/domain/contracts/proposals/find-proposal-report';
import { PROPOSAL_NUMBER_PATTERN, type OpcPaymentResponse } from '@portal/domain/contracts/proposals/opc-payment';
import { isProposalLocked, PROPOSAL_LOCKED_KEY } from '@portal/domain/contracts/proposals/proposal-fields';
import type { UpdateProposalRequest } from '@portal/domain/contracts/proposals/update-proposal';
import { instantToOffsetDateTime, phnomPenhDate, todayInPhnomPenh, toOffsetDateTime } from '@portal/domain/format/date';
import { centsToDecimal, parseMoneyToCents } from '@portal/domain/format/money';
import type { FieldError } from '@portal/domain/errors/error-envelope';
import { AppError, isAppError } from '../../lib/app-error';
import { escapeLike } from '../../lib/search-patterns';
import type { AuthUser } from '../../plugins/auth-types';
import type { ProposalRow } from '../../db/schema/proposal.table';
import { PdfRenderError } from '../../providers/pdf/pdf-renderer';
import type { RenderedPdfsService } from '../rendered-pdfs/rendered-pdfs.service';
import type { AuditService } from '../audit/audit.service';
import { decodeCursor, isUuid, keysetPage } from '../contacts/keyset-cursor';
import type { QuoteEngine } from './proposal-engine';
import { proposalReportHtml } from './proposal-report';
import type { ProposalPaymentService } from './proposal-payment';
import type { ContactForProposal, ProposalScope, ProposalsRepository, ProposalValues } from './proposals.repository';
import type { Caller } from '../../plugins/caller';

const AUDIT_ENTITY = 'proposal';

/** An application was made from the proposal: it stays as it was sold. */
const proposalLocked = () => new AppError(409, PROPOSAL_LOCKED_KEY, PROPOSAL_LOCKED_KEY);

/** An advisor sees their own proposals; agency staff (service, admin) the agency's. */
export function proposalScope(user: AuthUser): ProposalScope {
  const staff = user.roles.includes(ROLE_AS) || user.roles.includes(ROLE_AA);
  return staff && user.agencyId ? { agencyId: user.agencyId } : { ownerUserId: user.id };
}

function party(c: ContactForProposal): ProposalParty {
  return {
    contactId: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    firstNameKh: c.firstNameKh,
    lastNameKh: c.lastNameKh,
    gender: c.gender,
    dateOfBirth: c.dateOfBirth,
  };
}

const latin = (p: ProposalParty) => `${p.firstName} ${p.lastName}`;
const khmer = (p: ProposalParty) => (p.firstNameKh || p.lastNameKh ? [p.lastNameKh, p.firstNameKh].filter(Boolean).join(' ') : null);

/** Engine fields about a person name the proposal field that chose the person. */
function toProposalField(error: FieldError): FieldError {
  if (error.field === 'lifeInsured' || error.field.startsWith('lifeInsured.')) return { field: 'lifeInsuredContactId', key: error.key };
  if (error.field === 'policyOwner' || error.field.startsWith('policyOwner.')) return { field: 'policyOwnerContactId', key: error.key };
  return error;
}

export function toProposalSummary(row: ProposalRow): ProposalSummary {
  return {
    id: row.id,
    proposalNumber: row.proposalNumber,
    status: row.status,
    productCode: row.productCode,
    planKey: row.planKey,
    faceAmount: centsToDecimal(row.faceAmountCents),
    premiumMode: row.premiumMode,
    premium: centsToDecimal(row.premiumCents),
    lifeInsuredName: latin(row.lifeInsured),
    lifeInsuredNameKh: khmer(row.lifeInsured),
    policyOwnerName: latin(row.policyOwner),
    modifiedDate: instantToOffsetDateTime(row.modifiedDate),
  };
}

/**
 * Proposals. A proposal the caller may not see (another advisor's, another agency's,
 * unknown, malformed id) is a 404. Every save recalculates with the engine as of today and stores
 * its answer. Reads and changes of a proposal (which holds personal data: names, dates of birth)
 * are audited with field names and ids only.
 */
export class ProposalsService {
  constructor(
    private readonly proposals: ProposalsRepository,
    private readonly engine: QuoteEngine,
    private readonly payments: ProposalPaymentService,
    private readonly audit: AuditService,
    private readonly pdfs: RenderedPdfsService,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private record(caller: Caller, action: string, id: string | null, details?: Record<string, unknown>): Promise<void> {
    return this.audit.record({
      actorUserId: caller.user.id,
      action,
      entity: AUDIT_ENTITY,
      entityId: id,
      ip: caller.ip,
      details: details ?? null,
    });
  }

  async requireVisible(caller: Caller, id: string): Promise<ProposalRow> {
    const row = isUuid(id) ? await this.proposals.findVisible(proposalScope(caller.user), id) : undefined;
    if (!row) throw AppError.http(404);
    return row;
  }

  /** The stored values of a save: the people as they are now, and the engine's answer as of today. */
  private async quote(caller: Caller, body: CreateProposalRequest): Promise<ProposalValues> {
    const insured = await this.proposals.findContact(caller.user.id, body.lifeInsuredContactId);
    const separate = body.policyOwnerContactId !== undefined && body.policyOwnerContactId !== body.lifeInsuredContactId;
    const owner = separate ? await this.proposals.findContact(caller.user.id, body.policyOwnerContactId as string) : insured;
    const missing: FieldError[] = [];
    if (!insured) missing.push({ field: 'lifeInsuredContactId', key: 'invalid' });
    if (separate && !owner) missing.push({ field: 'policyOwnerContactId', key: 'invalid' });
    if (!insured || !owner || missing.length > 0) throw AppError.validation(missing);

    const request: CalculatePremiumRequest = {
      productCode: body.productCode,
      ...(body.planKey ? { planKey: body.planKey } : {}),
      lifeInsured: { dateOfBirth: insured.dateOfBirth, gender: insured.gender },
      ...(separate ? { policyOwner: { dateOfBirth: owner.dateOfBirth, gender: owner.gender } } : {}),
      faceAmount: body.faceAmount,
      ...(body.policyTerm !== undefined ? { policyTerm: body.policyTerm } : {}),
      ...(body.premiumTerm !== undefined ? { premiumTerm: body.premiumTerm } : {}),
      ...(body.riders
        ? { riders: body.riders.map((r) => (r.faceAmount ? { code: r.code, faceAmount: r.faceAmount } : { code: r.code })) }
        : {}),
    };
    let quote;
    try {
      quote = await this.engine.calculate(request, todayInPhnomPenh(this.now()));
    } catch (error) {
      if (isAppError(error) && error.status === 422) throw AppError.validation((error.errors ?? []).map(toProposalField));
      throw error;
    }
    const modal = quote.premiumFirstYear[body.premiumMode];
    if (!modal) throw AppError.validation([{ field: 'premiumMode', key: 'invalid' }]);
    const lifeInsured = party(insured);
    const policyOwner = party(owner);
    return {
      lifeInsuredContactId: insured.id,
      policyOwnerContactId: owner.id,
      relationshipCode: separate ? (body.relationshipCode ?? null) : null,
      lifeInsured,
      policyOwner,
      productCode: quote.productCode,
      planKey: quote.planKey,
      faceAmountCents: parseMoneyToCents(quote.faceAmount) ?? 0,
      policyTerm: quote.policyTerm,
      premiumTerm: quote.premiumTerm,
      riders: request.riders ?? [],
      premiumMode: body.premiumMode,
      premiumCents: parseMoneyToCents(modal.premium) ?? 0,
      catalogueVersion: quote.catalogueVersion,
      quote,
      searchText: [
        quote.productCode,
        latin(lifeInsured),
        `${lifeInsured.lastName} ${lifeInsured.firstName}`,
        khmer(lifeInsured) ?? '',
        latin(policyOwner),
        khmer(policyOwner) ?? '',
      ]
        .join('|')
        .toLowerCase(),
    };
  }

  private async toResponse(row: ProposalRow): Promise<ProposalResponse> {
    const [history, advisor] = await Promise.all([this.proposals.history(row.id), this.proposals.findAdvisor(row.ownerUserId)]);
    return {
      id: row.id,
      proposalNumber: row.proposalNumber,
      status: row.status,
      lifeInsured: row.lifeInsured,
      policyOwner: row.policyOwner,
      relationshipCode: row.relationshipCode,
      productCode: row.productCode,
      planKey: row.planKey,
      faceAmount: centsToDecimal(row.faceAmountCents),
      policyTerm: row.policyTerm,
      premiumTerm: row.premiumTerm,
      riders: row.riders,
      premiumMode: row.premiumMode,
      premium: centsToDecimal(row.premiumCents),
      catalogueVersion: row.catalogueVersion,
      quote: row.quote,
      advisor: { name: advisor?.displayName ?? '', nameKh: advisor?.displayNameKh ?? null, code: advisor?.agentCode ?? null },
      statusHistory: history.map((h) => ({ status: h.status, at: instantToOffsetDateTime(h.at), byName: h.byName })),
      createdDate: instantToOffsetDateTime(row.createdDate),
      modifiedDate: instantToOffsetDateTime(row.modifiedDate),
      version: row.version,
    };
  }

  async create(caller: Caller, body: CreateProposalRequest): Promise<ProposalResponse> {
    const values = await this.quote(caller, body);
    const row = await this.audit.change(async () => {
      const inserted = await this.proposals.insert({
        ...values,
        ownerUserId: caller.user.id,
        agencyId: caller.user.agencyId,
        at: this.now(),
      });
      await this.record(caller, 'create', inserted.id, {
        contacts: [values.lifeInsuredContactId, values.policyOwnerContactId],
        catalogueVersion: values.catalogueVersion,
      });
      return inserted;
    });
    return this.toResponse(row);
  }

  async update(caller: Caller, id: string, body: UpdateProposalRequest): Promise<ProposalResponse> {
    const before = await this.requireVisible(caller, id);
    // Agency staff may read a proposal but not edit an advisor's (the role check lets only advisors in).
    if (before.ownerUserId !== caller.user.id) throw AppError.http(404);
    if (isProposalLocked(before.status)) throw proposalLocked();
    if (before.version !== body.version) throw AppError.http(409);
    const values = await this.quote(caller, body);
    const saved = await this.audit.change(async () => {
      const done = await this.proposals.update({ ownerUserId: caller.user.id }, id, body.version, {
        ...values,
        by: caller.user.id,
        at: this.now(),
      });
      if (!done) {
        const now = await this.proposals.findVisible(proposalScope(caller.user), id);
        if (!now) throw AppError.http(404);
        throw isProposalLocked(now.status) ? proposalLocked() : AppError.http(409);
      }
      const changed = (Object.keys(values) as (keyof ProposalValues)[]).filter(
        (k) => k !== 'quote' && k !== 'searchText' && JSON.stringify(before[k]) !== JSON.stringify(values[k]),
      );
      await this.record(caller, 'update', id, {
        fields: changed,
        catalogueVersion: values.catalogueVersion,
        ...(done.supersededReference ? { paymentSuperseded: done.supersededReference } : {}),
      });
      return done;
    });
    return this.toResponse(saved.row);
  }

  async find(caller: Caller, id: string): Promise<ProposalResponse> {
    const row = await this.requireVisible(caller, id);
    await this.record(caller, 'read', id);
    return this.toResponse(row);
  }

  async list(caller: Caller, query: FindProposalsQuery): Promise<FindProposalsResponse> {
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const rows = await this.proposals.list(
      proposalScope(caller.user),
      {
        // The number is matched as typed (PR00000012), the rest in lower case.
        ...(query.q === undefined ? {} : { pattern: `%${escapeLike(query.q.toLowerCase())}%` }),
        ...(query.status === undefined ? {} : { status: query.status }),
        ...(after === undefined ? {} : { after }),
      },
      query.size + 1,
    );
    const page = keysetPage(rows, query.size, (row) => ({ at: row.modifiedDate, id: row.id }), toProposalSummary);
    await this.record(caller, query.q !== undefined ? 'search' : 'read', null, { view: 'list', ids: page.items.map((i) => i.id) });
    return page;
  }

  /**
   * The first premium's payment (reference + KHQR) for the premium as it is now (a premium changed
   * since the last request gets a new reference; update() withdrew the old); records
   * `paymentRequested` once, when the selling advisor asks (never on another reader's call).
   */
  async payment(caller: Caller, proposalNumber: string): Promise<OpcPaymentResponse> {
    const row = PROPOSAL_NUMBER_PATTERN.test(proposalNumber)
      ? await this.proposals.findVisibleByNumber(proposalScope(caller.user), proposalNumber)
      : undefined;
    if (!row) throw AppError.http(404);
    const now = this.now();
    const view = await this.audit.change(async () => {
      const payment = await this.payments.forProposal(row, now);
      // Only the selling advisor showing the code moves the proposal; staff reading it change nothing.
      if (row.ownerUserId === caller.user.id)
        await this.proposals.setStatus(row.id, ['quoted', 'presented'], 'paymentRequested', caller.user.id, now);
      await this.record(caller, 'read', row.id, { view: 'payment', paymentReference: payment.paymentReference });
      return payment;
    });
    return {
      proposalNumber: row.proposalNumber,
      paymentReference: view.paymentReference,
      amount: centsToDecimal(view.amountCents),
      currency: 'USD',
      premiumMode: row.premiumMode,
      khqr: view.khqr,
      khqrMd5: view.khqrMd5,
      qrImage: view.qrImage,
      merchantName: view.merchantName,
      expiresAt: instantToOffsetDateTime(view.expiresAt),
    };
  }

  /** The benefit illustration PDF in `lang` (else the caller's preferred language); records `presented` once, when the selling advisor opens it. */
  async report(caller: Caller, id: string, lang: Language | undefined): Promise<{ fileName: string; pdf: Buffer; lang: Language }> {
    const row = await this.requireVisible(caller, id);
    const reader = await this.proposals.findAdvisor(caller.user.id);
    const language = lang ?? toLanguage(reader?.preferredLang);
    const now = this.now();
    // The selling advisor opening a quoted proposal presents it (below): the page shows the status it is given to the client with.
    const presents = row.ownerUserId === caller.user.id && row.status === 'quoted';
    const pdf = await this.illustration(presents ? { ...row, status: 'presented' } : row, language);
    // Only the selling advisor opening a quoted illustration presents it; staff reading it change nothing.
    if (presents)
      await this.audit.change(async () => {
        await this.proposals.setStatus(row.id, ['quoted'], 'presented', caller.user.id, now);
        await this.record(caller, 'download', id, { document: 'proposal', lang: language });
      });
    else await this.record(caller, 'download', id, { document: 'proposal', lang: language });
    return { fileName: proposalReportFileName(row.proposalNumber, language), pdf, lang: language };
  }

  /**
   * The illustration of `row` as it stands, in `language`: rendered once per version and language,
   * then served from storage (a copy rendered earlier today from the same page is served again: the
   * page prints the day it was made, and the time of that copy). 503 when no renderer answers.
   */
  async illustration(row: ProposalRow, language: Language): Promise<Buffer> {
    const now = this.now();
    const [advisor, payment, names] = await Promise.all([
      this.proposals.findAdvisor(row.ownerUserId),
      this.payments.forProposal(row, now),
      this.engine.names(),
    ]);
    const page = (generatedAt: Date) => ({
      html: proposalReportHtml({
        lang: language,
        generatedAt,
        proposal: row,
        advisor: { name: advisor?.displayName ?? '', nameKh: advisor?.displayNameKh ?? null, code: advisor?.agentCode ?? null },
        names,
        payment,
      }),
      options: { margin: '12mm' },
    });
    const record = { kind: 'proposal', recordId: row.id, recordVersion: row.version, lang: language } as const;
    try {
      return await this.pdfs.obtain(record, page(new Date(toOffsetDateTime(phnomPenhDate(now)))), () => page(now));
    } catch (error) {
      if (error instanceof PdfRenderError) throw new AppError(503, 503, 'unavailable', undefined, { cause: error });
      throw error;
    }
  }
}
