import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { renderedPdf } from '../../db/schema/rendered-pdf.table';
import type { BlobStore } from '../../providers/blob/blob-store';

/** What a stored PDF is of: the record, its version, the language and the page's fingerprint. */
export interface RenderedPdfKey {
  kind: string;
  recordId: string;
  recordVersion: string;
  lang: string;
  fingerprint: string;
}

/** Rendered PDFs (rendered_pdf rows, their bytes in the blob store). */
export class RenderedPdfsRepository {
  constructor(
    private readonly db: Db,
    private readonly blobs: BlobStore,
  ) {}

  /** The stored PDF of exactly this key, or undefined. */
  async find(key: RenderedPdfKey): Promise<Buffer | undefined> {
    const [row] = await this.db.select({ blobId: renderedPdf.blobId }).from(renderedPdf).where(matches(key)).limit(1);
    if (!row) return undefined;
    return (await this.blobs.get(row.blobId))?.data;
  }

  /**
   * Stores the PDF under its key and drops the record's other copies in that language (older
   * versions, pages that changed since), in one transaction. When another server stored the same
   * key first, its copy stays and this one is not kept.
   */
  async save(key: RenderedPdfKey, pdf: Buffer): Promise<void> {
    await this.db.transaction(async (tx) => {
      const ref = await this.blobs.put({ data: pdf, mediaType: 'application/pdf' }, tx);
      const inserted = await tx
        .insert(renderedPdf)
        .values({ ...key, blobId: ref.id })
        .onConflictDoNothing({
          target: [renderedPdf.kind, renderedPdf.recordId, renderedPdf.recordVersion, renderedPdf.lang, renderedPdf.fingerprint],
        })
        .returning({ id: renderedPdf.id });
      if (inserted.length === 0) {
        await this.blobs.delete(ref.id, tx);
        return;
      }
      const superseded = await tx
        .delete(renderedPdf)
        .where(
          and(
            eq(renderedPdf.kind, key.kind),
            eq(renderedPdf.recordId, key.recordId),
            eq(renderedPdf.lang, key.lang),
            or(ne(renderedPdf.recordVersion, key.recordVersion), ne(renderedPdf.fingerprint, key.fingerprint)),
          ),
        )
        .returning({ blobId: renderedPdf.blobId });
      for (const { blobId } of superseded) await this.blobs.delete(blobId, tx);
    });
  }

  /** Deletes the copies made before `cutoff` and their bytes; answers how many went. */
  async deleteCreatedBefore(cutoff: Date): Promise<number> {
    return this.db.transaction(async (tx) => {
      const removed = await tx.delete(renderedPdf).where(lt(renderedPdf.createdAt, cutoff)).returning({ blobId: renderedPdf.blobId });
      for (const { blobId } of removed) await this.blobs.delete(blobId, tx);
      return removed.length;
    });
  }
}

function matches(key: RenderedPdfKey) {
  return and(
    eq(renderedPdf.kind, key.kind),
    eq(renderedPdf.recordId, key.recordId),
    eq(renderedPdf.recordVersion, key.recordVersion),
    eq(renderedPdf.lang, key.lang),
    eq(renderedPdf.fingerprint, key.fingerprint),
  );
}
