import { and, count, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { PROPOSAL_STATUS_APPLIED } from '@portal/domain/contracts/proposals/proposal-fields';
import type { ApplicationStatus } from '@portal/domain/codes/application-status';
import type { WizardCompletion } from '@portal/domain/codes/wizard-steps';
import type { ApplicationProduct } from '@portal/domain/contracts/applications/application-response';
import type { ApplicationStepData } from '@portal/domain/contracts/applications/application-steps';
import type { Db } from '../../db/client';
import { appUser } from '../../db/schema/app-user.table';
import { applicationDocument, type ApplicationDocumentRow } from '../../db/schema/application-document.table';
import { application, type ApplicationRow } from '../../db/schema/application.table';
import { proposalStatusHistory } from '../../db/schema/proposal-status-history.table';
import { proposal } from '../../db/schema/proposal.table';
import type { BlobStore, StoredBlob } from '../../providers/blob/blob-store';

/** Whose applications a call may touch: an advisor's own, agency staff their agency's. */
export type ApplicationScope = { ownerUserId: string } | { agencyId: string };

function visible(scope: ApplicationScope): SQL {
  return 'ownerUserId' in scope ? eq(application.ownerUserId, scope.ownerUserId) : eq(application.agencyId, scope.agencyId);
}

export interface NewApplication {
  ownerUserId: string;
  agencyId: string | null;
  proposalId: string | null;
  completion: WizardCompletion;
  steps: ApplicationStepData;
  product: ApplicationProduct;
  /** Lower-cased names etc.; the application number is added here. */
  searchText: string;
  at: Date;
}

export interface ApplicationPatch {
  steps?: ApplicationStepData;
  completion?: WizardCompletion;
  activeStep?: number;
  searchText?: string;
}

export interface ApplicationListFilter {
  pattern?: string;
  status?: ApplicationStatus;
}

export interface NewDocument {
  applicationId: string;
  documentCategoryCode: string;
  documentCode: string;
  idNumber: string | null;
  expiredDate: string | null;
  fileName: string;
  mediaType: string;
  data: Buffer;
  by: string;
  at: Date;
}

/**
 * A document added or removed changes the application (its required documents, the review, the
 * form): its version moves on like any other write, so a wizard or a submission holding the
 * version from before gets 409 (optimistic locking). The new version is answered to the caller.
 */
async function bumpVersion(tx: Db, applicationId: string, by: string, at: Date): Promise<number> {
  const [row] = await tx
    .update(application)
    .set({ modifiedDate: at, modifiedBy: by, version: sql`${application.version} + 1` })
    .where(eq(application.id, applicationId))
    .returning({ version: application.version });
  if (!row) throw new Error('application row vanished while locked');
  return row.version;
}

export class ApplicationsRepository {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
  ) {}

  /**
   * One transaction: a crash between the insert and the number's search text leaves nothing
   * half-stored. One application per proposal: under a lock on the proposal id, an application
   * already made from it (or a concurrent one that won) makes nothing and answers undefined;
   * otherwise the proposal moves to `applied` (its history too).
   */
  async insert(values: NewApplication): Promise<ApplicationRow | undefined> {
    return this.db.transaction(async (tx) => {
      if (values.proposalId) {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`application-of:${values.proposalId}`}))`);
        const [existing] = await tx
          .select({ id: application.id })
          .from(application)
          .where(eq(application.proposalId, values.proposalId))
          .limit(1);
        if (existing) return undefined;
        const moved = await tx
          .update(proposal)
          .set({ status: PROPOSAL_STATUS_APPLIED })
          .where(and(eq(proposal.id, values.proposalId), ne(proposal.status, PROPOSAL_STATUS_APPLIED)))
          .returning({ id: proposal.id });
        if (moved.length > 0) {
          await tx
            .insert(proposalStatusHistory)
            .values({ proposalId: values.proposalId, status: PROPOSAL_STATUS_APPLIED, at: values.at, byUserId: values.ownerUserId });
        }
      }
      const [row] = await tx
        .insert(application)
        .values({
          applicationNumber: sql`'AP' || lpad(nextval('application_number_seq')::text, 8, '0')`,
          ownerUserId: values.ownerUserId,
          agencyId: values.agencyId,
          proposalId: values.proposalId,
          status: 'P',
          activeStep: 0,
          completion: values.completion,
          steps: values.steps,
          product: values.product,
          searchText: values.searchText,
          createdDate: values.at,
          modifiedDate: values.at,
          createdBy: values.ownerUserId,
          modifiedBy: values.ownerUserId,
        })
        .returning();
      if (!row) throw new Error('application insert returned no row');
      // The number is known only now: make it searchable too.
      const [withNumber] = await tx
        .update(application)
        .set({ searchText: `${row.applicationNumber.toLowerCase()}|${row.searchText}` })
        .where(eq(application.id, row.id))
        .returning();
      return withNumber ?? row;
    });
  }

  async findVisible(scope: ApplicationScope, id: string): Promise<ApplicationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(application)
      .where(and(visible(scope), eq(application.id, id)))
      .limit(1);
    return row;
  }

  /** Writes when `version` is still the stored one and the application is pending; undefined otherwise. */
  async update(
    scope: ApplicationScope,
    id: string,
    version: number,
    patch: ApplicationPatch,
    by: string,
    at: Date,
  ): Promise<ApplicationRow | undefined> {
    const [row] = await this.db
      .update(application)
      .set({ ...patch, modifiedBy: by, modifiedDate: at, version: sql`${application.version} + 1` })
      .where(and(visible(scope), eq(application.id, id), eq(application.version, version), eq(application.status, 'P')))
      .returning();
    return row;
  }

  async list(scope: ApplicationScope, filter: ApplicationListFilter, offset: number, limit: number): Promise<ApplicationRow[]> {
    const conditions = [visible(scope)];
    if (filter.pattern) conditions.push(sql`${application.searchText} LIKE ${filter.pattern}`);
    if (filter.status) conditions.push(eq(application.status, filter.status));
    return this.db
      .select()
      .from(application)
      .where(and(...conditions))
      .orderBy(desc(application.modifiedDate), desc(application.id))
      .offset(offset)
      .limit(limit);
  }

  /** A user's display name and, when known, their name in Khmer. */
  async userNames(userId: string | null): Promise<{ name: string; nameKh: string | null }> {
    if (!userId) return { name: '', nameKh: null };
    const [row] = await this.db
      .select({ name: appUser.displayName, nameKh: appUser.displayNameKh })
      .from(appUser)
      .where(eq(appUser.id, userId))
      .limit(1);
    return { name: row?.name ?? '', nameKh: row?.nameKh ?? null };
  }

  async userName(userId: string | null): Promise<string> {
    if (!userId) return '';
    const [row] = await this.db.select({ name: appUser.displayName }).from(appUser).where(eq(appUser.id, userId)).limit(1);
    return row?.name ?? '';
  }

  /**
   * Records the submission: the application form PDF and the move P -> S, in one transaction, only
   * while the application is still pending at `version`. Undefined when it is not (already
   * submitted by a concurrent call, or changed): then nothing is stored.
   */
  async submit(
    scope: ApplicationScope,
    id: string,
    values: { by: string; at: Date; language: string; pdf: Buffer; completion: WizardCompletion; version: number },
  ): Promise<ApplicationRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: application.id })
        .from(application)
        .where(and(visible(scope), eq(application.id, id), eq(application.status, 'P'), eq(application.version, values.version)))
        .for('update');
      if (!locked) return undefined;
      const ref = await this.blobs.put({ data: values.pdf, mediaType: 'application/pdf' }, tx);
      const [row] = await tx
        .update(application)
        .set({
          status: 'S',
          submittedAt: values.at,
          submittedBy: values.by,
          submissionLanguage: values.language,
          submissionBlobId: ref.id,
          completion: values.completion,
          activeStep: 6,
          modifiedBy: values.by,
          modifiedDate: values.at,
          version: sql`${application.version} + 1`,
        })
        .where(and(eq(application.id, id), eq(application.status, 'P')))
        .returning();
      return row;
    });
  }

  blob(id: string): Promise<StoredBlob | undefined> {
    return this.blobs.get(id);
  }

  // ---- documents ----

  documents(applicationId: string): Promise<ApplicationDocumentRow[]> {
    return this.db
      .select()
      .from(applicationDocument)
      .where(eq(applicationDocument.applicationId, applicationId))
      .orderBy(applicationDocument.createdDate, applicationDocument.id);
  }

  /**
   * Stores a document and its file in one transaction, holding the application row so that two
   * uploads at once cannot pass the per-group limit together. Undefined when the application is
   * no longer pending; 'full' when the group already holds `maxPerGroup` files.
   */
  async insertDocument(
    values: NewDocument,
    maxPerGroup: number,
  ): Promise<{ document: ApplicationDocumentRow; applicationVersion: number } | 'full' | undefined> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: application.id })
        .from(application)
        .where(and(eq(application.id, values.applicationId), eq(application.status, 'P')))
        .for('update');
      if (!locked) return undefined;
      const [existing] = await tx
        .select({ n: count() })
        .from(applicationDocument)
        .where(
          and(
            eq(applicationDocument.applicationId, values.applicationId),
            eq(applicationDocument.documentCategoryCode, values.documentCategoryCode),
          ),
        );
      if ((existing?.n ?? 0) >= maxPerGroup) return 'full' as const;
      const ref = await this.blobs.put({ data: values.data, mediaType: values.mediaType }, tx);
      const [row] = await tx
        .insert(applicationDocument)
        .values({
          applicationId: values.applicationId,
          documentCategoryCode: values.documentCategoryCode,
          documentCode: values.documentCode,
          idNumber: values.idNumber,
          expiredDate: values.expiredDate,
          fileName: values.fileName,
          mediaType: values.mediaType,
          size: ref.size,
          sha256: ref.sha256,
          blobId: ref.id,
          createdDate: values.at,
          createdBy: values.by,
        })
        .returning();
      if (!row) throw new Error('document insert returned no row');
      return { document: row, applicationVersion: await bumpVersion(tx, values.applicationId, values.by, values.at) };
    });
  }

  /** A document of an application the scope sees. */
  async findDocument(
    scope: ApplicationScope,
    documentId: string,
  ): Promise<{ document: ApplicationDocumentRow; status: ApplicationStatus } | undefined> {
    const [row] = await this.db
      .select({ document: applicationDocument, status: application.status })
      .from(applicationDocument)
      .innerJoin(application, eq(application.id, applicationDocument.applicationId))
      .where(and(visible(scope), eq(applicationDocument.id, documentId)))
      .limit(1);
    return row;
  }

  /** Deletes a document and its file while the application is pending: the application's new version; undefined when it is not. */
  async deleteDocument(documentId: string, applicationId: string, by: string, at: Date): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .select({ id: application.id })
        .from(application)
        .where(and(eq(application.id, applicationId), eq(application.status, 'P')))
        .for('update');
      if (!locked) return undefined;
      const [removed] = await tx.delete(applicationDocument).where(eq(applicationDocument.id, documentId)).returning();
      if (!removed) return undefined;
      await this.blobs.delete(removed.blobId, tx);
      return bumpVersion(tx, applicationId, by, at);
    });
  }
}
