import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { policyPendingDocument } from '../../db/schema/policy-pending-document.table';
import { policyPending } from '../../db/schema/policy-pending.table';
import type { BlobStore } from '../../providers/blob/blob-store';

/** A policy's pending requirements and the client documents uploaded for them. */
export class PolicyPendingRepository {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
  ) {}

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
}
