import type { Db } from '../../db/client';

/** What a caller stores: the bytes and their (already checked) media type. */
export interface BlobInput {
  data: Buffer;
  mediaType: string;
}

/** A stored blob's metadata. The id is the server's choice, never the client's. */
export interface BlobRef {
  id: string;
  mediaType: string;
  size: number;
  /** Lower-case hex SHA-256 of the content. */
  sha256: string;
  createdAt: Date;
}

export interface StoredBlob extends BlobRef {
  data: Buffer;
}

/**
 * Where uploaded documents and generated files live (DESIGN.md §2): PostgreSQL by default
 * (PostgresBlobStore), an object store at scale behind the same interface.
 *
 * Every method takes an optional `tx`: pass the transaction that writes the row referring to the
 * blob, so both commit or neither does (a crash leaves no orphan, a failed insert stores nothing):
 *
 *   await db.transaction(async (tx) => {
 *     const ref = await blobs.put({ data, mediaType: 'application/pdf' }, tx);
 *     await tx.insert(document).values({ blobId: ref.id, ... });
 *   });
 *
 * An object-store implementation cannot join the transaction; it must write the object first
 * under a fresh id and sweep objects no row refers to after a grace period.
 */
export interface BlobStore {
  put(input: BlobInput, tx?: Db): Promise<BlobRef>;
  /** The blob with its content, or undefined. */
  get(id: string, tx?: Db): Promise<StoredBlob | undefined>;
  /** Metadata only. */
  head(id: string, tx?: Db): Promise<BlobRef | undefined>;
  /** True when something was deleted. */
  delete(id: string, tx?: Db): Promise<boolean>;
}
