import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blob } from '../../db/schema/blob.table';
import type { BlobInput, BlobRef, BlobStore, StoredBlob } from './blob-store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const metadata = {
  id: blob.id,
  mediaType: blob.mediaType,
  size: blob.size,
  sha256: blob.sha256,
  createdAt: blob.createdAt,
};

/**
 * Blobs in the `blob` table (bytea, one row per blob; PostgreSQL keeps large values out of line
 * and compressed by TOAST). Sizes here are bounded by the upload limits (10 MB), well within
 * what a bytea holds. Ids are random UUIDs chosen by the database.
 */
export class PostgresBlobStore implements BlobStore {
  constructor(private readonly db: Db) {}

  async put(input: BlobInput, tx: Db = this.db): Promise<BlobRef> {
    const sha256 = createHash('sha256').update(input.data).digest('hex');
    const [row] = await tx
      .insert(blob)
      .values({ mediaType: input.mediaType, size: input.data.length, sha256, data: input.data })
      .returning(metadata);
    if (!row) throw new Error('blob insert returned no row');
    return row;
  }

  async get(id: string, tx: Db = this.db): Promise<StoredBlob | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await tx
      .select({ ...metadata, data: blob.data })
      .from(blob)
      .where(eq(blob.id, id))
      .limit(1);
    return row;
  }

  async head(id: string, tx: Db = this.db): Promise<BlobRef | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await tx.select(metadata).from(blob).where(eq(blob.id, id)).limit(1);
    return row;
  }

  async delete(id: string, tx: Db = this.db): Promise<boolean> {
    if (!UUID.test(id)) return false;
    const removed = await tx.delete(blob).where(eq(blob.id, id)).returning({ id: blob.id });
    return removed.length > 0;
  }
}
