import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AppConfig } from '../config';
import { ambientAware } from './ambient-transaction';
import { ArrivalQueue, behindQueue } from './arrival-queue';
import { lockDataDir, type DataDirLock } from './data-dir-lock';

/**
 * The one Drizzle type repositories use; both drivers produce it. `createDb`'s handle gives it
 * ambient-transaction aware (ambient-transaction.ts): inside `inTransaction` it is that transaction.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type DbKind = 'pglite' | 'postgres';

export type DbHandle =
  | { kind: 'pglite'; db: Db; client: PGlite; close(): Promise<void> }
  | { kind: 'postgres'; db: Db; client: pg.Pool; close(): Promise<void> };

export interface CreateDbOptions {
  /** PGlite only: keep the database in memory (tests), no files and no lock. */
  inMemory?: boolean;
  /** node-postgres pool size. */
  poolMax?: number;
  /** PGlite in memory only: start from this data directory dump (`dumpDataDir`) instead of an empty cluster (tests: a migrated template). */
  loadDataDir?: Blob;
}

/** PostgreSQL's type id of bytea. */
const BYTEA_OID = 17;

async function createPglite(dataDir: string, inMemory: boolean, loadDataDir?: Blob): Promise<DbHandle> {
  const lock: DataDirLock | undefined = inMemory ? undefined : lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create(inMemory ? 'memory://' : join(dataDir, 'pgdata'), {
      extensions: { pg_trgm },
      // bytea travels as hex text; PGlite's own codec builds it byte by byte (about 40 ms for a
      // 100 KB upload on the one thread that also serves requests), Node's hex codec in native code.
      serializers: { [BYTEA_OID]: (x: Uint8Array) => `\\x${Buffer.from(x.buffer, x.byteOffset, x.byteLength).toString('hex')}` },
      parsers: { [BYTEA_OID]: (x: string) => Buffer.from(x.slice(2), 'hex') },
      ...(inMemory && loadDataDir ? { loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  let closed = false;
  return {
    kind: 'pglite',
    // One connection: requests take it in the order they first asked (arrival-queue.ts).
    db: ambientAware(drizzlePglite(behindQueue(client, new ArrivalQueue())) as unknown as Db),
    client,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

function createPostgres(databaseUrl: string, poolMax: number): DbHandle {
  // A database that does not answer fails a request in 5 s (503 + Retry-After), not never.
  const client = new pg.Pool({ connectionString: databaseUrl, max: poolMax, connectionTimeoutMillis: 5_000 });
  // A connection lost while idle in the pool, or while a request holds it between two statements
  // of a transaction (PostgreSQL stopped), must not crash the process: node-postgres emits 'error'
  // on the connection when no query is running, and the pool listens only to its idle ones. The
  // request's next statement fails and answers 503; the pool drops the connection and reconnects.
  client.on('connect', (connection) => {
    connection.on('error', (error) => console.error(`[db] PostgreSQL connection error: ${error.message}`));
  });
  client.on('error', () => {
    // Already logged by the connection's own listener above.
  });
  let closed = false;
  return {
    kind: 'postgres',
    db: ambientAware(drizzlePg(client) as unknown as Db),
    client,
    async close() {
      if (closed) return;
      closed = true;
      await client.end();
    },
  };
}

/**
 * PGlite under DATA_DIR/pgdata when DATABASE_URL is unset (one process only: a lock file in
 * DATA_DIR refuses a second one), otherwise a node-postgres pool. Close it on shutdown.
 */
export async function createDb(config: Pick<AppConfig, 'databaseUrl' | 'dataDir'>, options: CreateDbOptions = {}): Promise<DbHandle> {
  if (config.databaseUrl) return createPostgres(config.databaseUrl, options.poolMax ?? 10);
  return createPglite(config.dataDir, options.inMemory ?? false, options.loadDataDir);
}
