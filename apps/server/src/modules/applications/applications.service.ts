import { APPLICATION_STATUS_SUBMITTED, isApplicationEditable } from '@portal/domain/codes/application-status';
import { BANK_BRANCHES } from '@portal/domain/codes/bank-branches';
import { ROLE_AA, ROLE_AS } from '@portal/domain/codes/roles';
import { formatPhoneForInput } from '@portal/domain/format/phone';
import { PROPOSAL_HAS_APPLICATION_KEY } from '@portal/domain/contracts/proposals/proposal-fields';
import type { Language } from '@portal/domain/codes/languages';
import { isBankCode } from '@portal/domain/codes/referrers';
import {
  emptyWizardCompletion,
  LAST_WIZARD_STEP,
  WIZARD_STEPS,
  wizardStepByName,
  type WizardCompletion,
} from '@portal/domain/codes/wizard-steps';
import type { ApplicationResponse, ApplicationSummary } from '@portal/domain/contracts/applications/application-response';
import {
  emptyStepData,
  STEP_DRAFT_SCHEMAS,
  type ApplicationStepData,
  type DeclarationDraft,
  type PersonDraft,
  type SignatureParty,
} from '@portal/domain/contracts/applications/application-steps';
import type { CreateApplicationRequest } from '@portal/domain/contracts/applications/create-application';
import type { FindApplicationsQuery, FindApplicationsResponse } from '@portal/domain/contracts/applications/find-applications';
import type { LovBranchResponse } from '@portal/domain/contracts/applications/lov-branch';
import type { SubmitApplicationRequest } from '@portal/domain/contracts/applications/submit-application';
import type { UpdateApplicationRequest } from '@portal/domain/contracts/applications/update-application';
import type { FieldError } from '@portal/domain/errors/error-envelope';
import { toFieldErrors } from '@portal/domain/errors/field-errors';
import { formatDisplayDate, instantToOffsetDateTime } from '@portal/domain/format/date';
import type { ApplicationFacts } from '@portal/domain/rules/application-facts';
import { reviewApplication, type ReviewItem } from '@portal/domain/rules/application-review';
import { stepIssues } from '@portal/domain/rules/application-steps';
import type { ApplicationDocumentRow } from '../../db/schema/application-document.table';
import type { ApplicationRow } from '../../db/schema/application.table';
import { AppError } from '../../lib/app-error';
import { escapeLike } from '../../lib/search-patterns';
import type { AuthUser } from '../../plugins/auth-types';
import { PdfRenderError, type PdfRenderer } from '../../providers/pdf/pdf-renderer';
import type { RenderedPdfsService } from '../rendered-pdfs/rendered-pdfs.service';
import type { AuditService } from '../audit/audit.service';
import { applicationFormHtml } from './application-form';
import type { ApplicationScope, ApplicationsRepository } from './applications.repository';
import type { ProposalSnapshot, ProposalSource } from './proposal-source';
import type { RemoteSignatures } from './remote-signatures';
import { withCanonicalSignatures } from './signature-image';
import type { Caller } from '../../plugins/caller';

const AUDIT_ENTITY = 'application';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** Reads: an advisor's own; agency staff the agency's. */
export function readScope(user: AuthUser): ApplicationScope {
  const staff = user.roles.includes(ROLE_AS) || user.roles.includes(ROLE_AA);
  return staff && user.agencyId ? { agencyId: user.agencyId } : { ownerUserId: user.id };
}

/** Writes: only the advisor who owns the application. */
export function writeScope(user: AuthUser): ApplicationScope {
  return { ownerUserId: user.id };
}

function fullName(p: { firstName?: string | null | undefined; lastName?: string | null | undefined } | undefined): string {
  return `${p?.firstName ?? ''} ${p?.lastName ?? ''}`.trim();
}

function searchTextOf(steps: ApplicationStepData, proposalNumber: string | null): string {
  const people = [steps.personalInfo.lifeInsured, steps.personalInfo.policyOwner].filter((p): p is PersonDraft => p !== undefined);
  const names = people.flatMap((p) => [
    fullName(p),
    `${p.lastName ?? ''} ${p.firstName ?? ''}`,
    `${p.lastNameKh ?? ''} ${p.firstNameKh ?? ''}`,
    `${p.firstNameKh ?? ''} ${p.lastNameKh ?? ''}`,
  ]);
  return [proposalNumber ?? '', ...names].map((s) => s.trim().toLowerCase()).join('|');
}

export function toFacts(
  row: Pick<ApplicationRow, 'steps' | 'product'>,
  documents: readonly ApplicationDocumentRow[],
  remoteSigned: readonly SignatureParty[] = [],
): ApplicationFacts {
  return {
    remoteSigned,
    steps: row.steps,
    product: { productCode: row.product.productCode, faceAmount: row.product.faceAmount },
    documents: documents.map((d) => ({
      groupId: d.documentCategoryCode,
      documentCode: d.documentCode,
      idNumber: d.idNumber,
      expiredDate: d.expiredDate,
      hasFile: d.size > 0,
    })),
  };
}

/**
 * Applications: made from a saved proposal, filled step by step, submitted once.
 * Another advisor's (or an unknown) application is 404; a submitted one is read-only (409); every
 * read and change of one application is audited (personal and health data; field names only).
 */
export class ApplicationsService {
  constructor(
    private readonly applications: ApplicationsRepository,
    private readonly proposals: ProposalSource,
    private readonly audit: AuditService,
    private readonly pdf: () => PdfRenderer,
    private readonly pdfs: RenderedPdfsService,
    private readonly now: () => Date = () => new Date(),
    private readonly remote: RemoteSignatures | null = null,
  ) {}

  /** Runs a change and its audit rows in one transaction (AuditService.change). */
  change<T>(work: () => Promise<T>): Promise<T> {
    return this.audit.change(work);
  }

  record(caller: Caller, action: string, id: string | null, details?: Record<string, unknown>): Promise<void> {
    return this.audit.record({
      actorUserId: caller.user.id,
      action,
      entity: AUDIT_ENTITY,
      entityId: id,
      ip: caller.ip,
      details: details ?? null,
    });
  }

  async requireVisible(caller: Caller, id: string): Promise<ApplicationRow> {
    const row = isUuid(id) ? await this.applications.findVisible(readScope(caller.user), id) : undefined;
    if (!row) throw AppError.http(404);
    return row;
  }

  /** The caller's own application, pending (a submitted one is 409). */
  async requireEditable(caller: Caller, id: string): Promise<ApplicationRow> {
    const row = isUuid(id) ? await this.applications.findVisible(writeScope(caller.user), id) : undefined;
    if (!row) throw AppError.http(404);
    if (!isApplicationEditable(row.status)) throw AppError.http(409);
    return row;
  }

  async toResponse(row: ApplicationRow): Promise<ApplicationResponse> {
    return {
      id: row.id,
      applicationNumber: row.applicationNumber,
      status: row.status,
      activeStep: row.activeStep,
      completion: row.completion,
      steps: row.steps,
      product: row.product,
      submission:
        row.status === APPLICATION_STATUS_SUBMITTED && row.submittedAt
          ? {
              submittedAt: instantToOffsetDateTime(row.submittedAt),
              submittedByName: await this.applications.userName(row.submittedBy),
              language: row.submissionLanguage === 'km' ? 'km' : 'en',
              reportName: 'application-form',
              referenceId: row.id,
            }
          : null,
      createdDate: instantToOffsetDateTime(row.createdDate),
      modifiedDate: instantToOffsetDateTime(row.modifiedDate),
      version: row.version,
    };
  }

  toSummary(row: ApplicationRow): ApplicationSummary {
    const info = row.steps.personalInfo;
    return {
      id: row.id,
      applicationNumber: row.applicationNumber,
      status: row.status,
      activeStep: row.activeStep,
      productCode: row.product.productCode,
      proposalNumber: row.product.proposalNumber,
      lifeInsuredName: fullName(info.lifeInsured),
      policyOwnerName: info.ownerIsInsured === true ? fullName(info.lifeInsured) : fullName(info.policyOwner),
      modifiedDate: instantToOffsetDateTime(row.modifiedDate),
      submittedAt: row.submittedAt ? instantToOffsetDateTime(row.submittedAt) : null,
    };
  }

  /** A new application from a proposal snapshot (the create call, and tests before proposals exist). */
  async createFromSnapshot(caller: Caller, snapshot: ProposalSnapshot): Promise<ApplicationResponse> {
    const steps = emptyStepData();
    // The draft holds dates as the advisor types them (DD/MM/YYYY), not the proposal's ISO form.
    // Step 0 starts from the contact: nothing the contact book knows is typed again (all editable).
    const party = (p: ProposalSnapshot['lifeInsured']): PersonDraft => {
      const c = p.contact;
      const draft: PersonDraft = {
        firstName: p.firstName,
        lastName: p.lastName,
        firstNameKh: p.firstNameKh ?? '',
        lastNameKh: p.lastNameKh ?? '',
        gender: p.gender,
        dateOfBirth: formatDisplayDate(p.dateOfBirth),
      };
      if (c?.idType) draft.idType = c.idType;
      if (c?.idNumber) draft.idNumber = c.idNumber;
      if (c?.phone) draft.phone = formatPhoneForInput(c.phone);
      if (c?.email) draft.email = c.email;
      if (c?.occupation) draft.occupation = c.occupation;
      if (c?.address) draft.address = c.address;
      return draft;
    };
    const { ownerIsInsured } = snapshot;
    steps.personalInfo = {
      ownerIsInsured,
      payorIsOwner: true,
      lifeInsured: party(snapshot.lifeInsured),
      ...(ownerIsInsured ? {} : { policyOwner: party(snapshot.policyOwner), relationshipCode: snapshot.relationshipCode ?? '' }),
      beneficiaries: [],
    };
    const row = await this.audit.change(async () => {
      const inserted = await this.applications.insert({
        ownerUserId: caller.user.id,
        agencyId: caller.user.agencyId,
        proposalId: snapshot.proposalId,
        completion: emptyWizardCompletion(),
        steps,
        product: snapshot.product,
        searchText: searchTextOf(steps, snapshot.product.proposalNumber),
        at: this.now(),
      });
      if (!inserted) throw new AppError(409, PROPOSAL_HAS_APPLICATION_KEY, PROPOSAL_HAS_APPLICATION_KEY);
      await this.record(caller, 'create', inserted.id, { proposalId: snapshot.proposalId });
      return inserted;
    });
    return this.toResponse(row);
  }

  /** `permitted` refuses a product the agent may not sell (agent product permissions). */
  async create(
    caller: Caller,
    body: CreateApplicationRequest,
    permitted?: (productCode: string) => Promise<void>,
  ): Promise<ApplicationResponse> {
    const snapshot = isUuid(body.proposalId) ? await this.proposals.find(caller.user.id, body.proposalId) : undefined;
    if (!snapshot) throw AppError.validation([{ field: 'proposalId', key: 'invalid' }]);
    await permitted?.(snapshot.product.productCode);
    return this.createFromSnapshot(caller, snapshot);
  }

  async find(caller: Caller, id: string): Promise<ApplicationResponse> {
    const row = await this.requireVisible(caller, id);
    await this.record(caller, 'read', id);
    return this.toResponse(row);
  }

  async list(caller: Caller, query: FindApplicationsQuery): Promise<FindApplicationsResponse> {
    const rows = await this.applications.list(
      readScope(caller.user),
      { ...(query.q ? { pattern: `%${escapeLike(query.q.toLowerCase())}%` } : {}), ...(query.status ? { status: query.status } : {}) },
      query.page * query.size,
      query.size + 1,
    );
    const items = rows.slice(0, query.size).map((r) => this.toSummary(r));
    // The term itself is not recorded: it may be part of a name.
    await this.record(caller, query.q ? 'search' : 'read', null, { view: 'list', ids: items.map((item) => item.id) });
    return { items, page: query.page, size: query.size, hasNext: rows.length > query.size };
  }

  async update(caller: Caller, id: string, body: UpdateApplicationRequest): Promise<ApplicationResponse> {
    const before = await this.requireEditable(caller, id);
    if (before.version !== body.version) throw AppError.http(409);
    const steps: ApplicationStepData = structuredClone(before.steps);
    const completion: WizardCompletion = { ...before.completion };
    const changed: string[] = [];
    if (body.step) {
      const { name } = body.step;
      const parsed = STEP_DRAFT_SCHEMAS[name].safeParse(body.step.data);
      if (!parsed.success) throw AppError.validation(prefix(name, toFieldErrors(parsed.error)));
      let data: unknown = parsed.data;
      if (name === 'declarationAuthorization') {
        // Drawn signatures are decoded as PNGs and kept re-encoded, never as the bytes sent.
        const signed = withCanonicalSignatures(parsed.data as DeclarationDraft);
        if (signed.errors.length > 0) throw AppError.validation(prefix(name, signed.errors));
        data = signed.data;
      }
      if (name !== 'supportingDocuments') (steps as Record<string, unknown>)[name] = data;
      const flag = wizardStepByName(name).completionFlag;
      if (body.step.complete) {
        const documents = name === 'supportingDocuments' ? await this.applications.documents(id) : [];
        const remoteSigned = name === 'declarationAuthorization' ? await this.remoteSigned({ ...before, steps }) : [];
        const issues = stepIssues(name, toFacts({ steps, product: before.product }, documents, remoteSigned), { now: this.now });
        if (issues.length > 0) throw AppError.validation(prefix(name, issues));
      }
      completion[flag] = body.step.complete;
      changed.push(name);
    }
    const row = await this.audit.change(async () => {
      const updated = await this.applications.update(
        writeScope(caller.user),
        id,
        body.version,
        {
          steps,
          completion,
          searchText: `${before.applicationNumber.toLowerCase()}|${searchTextOf(steps, before.product.proposalNumber)}`,
          ...(body.activeStep === undefined ? {} : { activeStep: body.activeStep }),
        },
        caller.user.id,
        this.now(),
      );
      if (updated) await this.record(caller, 'update', id, { steps: changed, ...(body.step ? { complete: body.step.complete } : {}) });
      return updated;
    });
    if (!row) throw AppError.http(409);
    return this.toResponse(row);
  }

  /** The in-good-order review (the same function the wizard runs). */
  async review(row: ApplicationRow): Promise<ReviewItem[]> {
    const [documents, remoteSigned] = await Promise.all([this.applications.documents(row.id), this.remoteSigned(row)]);
    return reviewApplication(toFacts(row, documents, remoteSigned), { now: this.now });
  }

  /** The signers whose remote signature still holds (decision 014). */
  private async remoteSigned(row: ApplicationRow): Promise<SignatureParty[]> {
    return this.remote ? this.remote.parties(row) : [];
  }

  /** The application form as a page: the record as it is stored, its documents, the advisor's name. */
  private async formHtml(row: ApplicationRow, lang: Language): Promise<string> {
    const [documents, names, advisor, remote] = await Promise.all([
      this.applications.documents(row.id),
      this.proposals.names?.() ?? null,
      this.applications.userNames(row.ownerUserId),
      this.remote ? this.remote.current(row) : [],
    ]);
    return applicationFormHtml({
      lang,
      applicationNumber: row.applicationNumber,
      status: row.status,
      submittedAt: row.submittedAt ? instantToOffsetDateTime(row.submittedAt) : null,
      advisorName: lang === 'km' && advisor.nameKh ? advisor.nameKh : advisor.name,
      steps: row.steps,
      product: row.product,
      documents: documents.map((d) => ({
        documentCategoryCode: d.documentCategoryCode,
        documentCode: d.documentCode,
        fileName: d.fileName,
      })),
      names,
      remoteSignatures: remote.map((s) => ({
        party: s.party,
        image: s.image,
        signedAt: instantToOffsetDateTime(s.signedAt),
        maskedPhone: s.maskedPhone,
        ip: s.ip,
        codeId: s.codeId,
        summaryHash: s.summaryHash,
      })),
    });
  }

  async renderForm(row: ApplicationRow, lang: Language): Promise<Buffer> {
    const html = await this.formHtml(row, lang);
    return unavailableOnRenderError(() => this.pdf().render(html));
  }

  /**
   * Submits once. An already submitted application answers its one submission (idempotent);
   * otherwise every step is re-checked, the form rendered and the move P -> S recorded in one
   * transaction that only a still-pending application passes.
   */
  async submit(caller: Caller, id: string, body: SubmitApplicationRequest): Promise<ApplicationResponse> {
    const before = isUuid(id) ? await this.applications.findVisible(writeScope(caller.user), id) : undefined;
    if (!before) throw AppError.http(404);
    if (before.status === APPLICATION_STATUS_SUBMITTED) return this.toResponse(before);
    // Submit what the caller saw saved, not a draft it never had acknowledged.
    if (body.version !== undefined && body.version !== before.version) throw AppError.http(409);
    // All six steps marked complete (spec §2), and every rule still holding now (documents, expiry dates, …).
    const incomplete = WIZARD_STEPS.filter((s) => s.index < LAST_WIZARD_STEP && before.completion[s.completionFlag] !== true).map((s) => ({
      field: s.name,
      key: 'required',
    }));
    const items = (await this.review(before)).map((i) => ({ field: `${i.stepName}.${i.field}`, key: i.key }));
    if (incomplete.length > 0 || items.length > 0) throw AppError.validation([...incomplete, ...items]);
    const at = this.now();
    const pdf = await this.renderForm({ ...before, status: 'S', submittedAt: at }, body.language);
    const completion: WizardCompletion = Object.fromEntries(WIZARD_STEPS.map((s) => [s.completionFlag, true])) as WizardCompletion;
    const row = await this.audit.change(async () => {
      const submitted = await this.applications.submit(writeScope(caller.user), id, {
        by: caller.user.id,
        at,
        language: body.language,
        pdf,
        completion,
        version: before.version,
      });
      if (submitted) await this.record(caller, 'submit', id, { language: body.language });
      return submitted;
    });
    if (!row) {
      // A concurrent submit won (or the application changed meanwhile): answer what is stored now.
      const now = await this.applications.findVisible(writeScope(caller.user), id);
      if (now?.status === APPLICATION_STATUS_SUBMITTED) return this.toResponse(now);
      throw AppError.http(409);
    }
    return this.toResponse(row);
  }

  /** The application form PDF: the stored one of a submission in its language, else rendered now. */
  async applicationForm(caller: Caller, id: string, lang: Language | undefined): Promise<{ fileName: string; pdf: Buffer }> {
    const row = await this.requireVisible(caller, id);
    const fileName = `${row.applicationNumber}.pdf`;
    const storedLang = row.submissionLanguage === 'km' ? 'km' : 'en';
    if (row.submissionBlobId && (lang === undefined || lang === storedLang)) {
      const stored = await this.applications.blob(row.submissionBlobId);
      if (stored) {
        await this.record(caller, 'download', id, { report: 'application-form', lang: storedLang });
        return { fileName, pdf: stored.data };
      }
    }
    // Not submitted (or another language): the form as it is now, rendered once per version and page.
    const language = lang ?? 'en';
    const page = { html: await this.formHtml(row, language) };
    const record = { kind: 'application-form', recordId: row.id, recordVersion: row.version, lang: language } as const;
    const pdf = await unavailableOnRenderError(() => this.pdfs.obtain(record, page));
    await this.record(caller, 'download', id, { report: 'application-form', lang: language });
    return { fileName, pdf };
  }

  branches(bankCode: string): LovBranchResponse {
    if (!isBankCode(bankCode)) throw AppError.http(404);
    return { bankCode, branches: BANK_BRANCHES[bankCode].map((b) => ({ ...b })) };
  }
}

function prefix(step: string, errors: readonly FieldError[]): FieldError[] {
  return errors.map((e) => ({ field: e.field ? `${step}.${e.field}` : step, key: e.key }));
}

/** A renderer that failed (browser gone, page crashed) is a 503: the client may retry. */
async function unavailableOnRenderError(render: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await render();
  } catch (error) {
    if (error instanceof PdfRenderError) throw new AppError(503, 503, 'unavailable', undefined, { cause: error });
    throw error;
  }
}
