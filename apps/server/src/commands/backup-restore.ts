import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync, openSync, readSync, closeSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { lockDataDir } from '../db/data-dir-lock';

/**
 * Backups of the portal's database. Stored files (uploads, signed PDFs) live in the database's
 * `blob` table (providers/blob/postgres-blob-store.ts), so one database backup holds everything.
 *
 * - Embedded PGlite (no DATABASE_URL): the data directory as PGlite's own `dumpDataDir` archive
 *   (a gzip tarball), taken with DATA_DIR locked, so the server must be stopped: a consistent copy.
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom`, itself a consistent snapshot while the
 *   server runs; restored with `pg_restore`.
 */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Where pg_dump and pg_restore are: PG_BIN, else PostgreSQL 15's Debian folder when present, else PATH. */
export function pgBin(tool: 'pg_dump' | 'pg_restore', env: NodeJS.ProcessEnv = process.env): string {
  const folder = env.PG_BIN || (existsSync('/usr/lib/postgresql/15/bin') ? '/usr/lib/postgresql/15/bin' : '');
  return folder ? join(folder, tool) : tool;
}

function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error) => reject(new BackupError(`${command}: ${error.message}`)));
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** Writes `file` by way of a temporary name, so a failed backup never leaves half a file under the real name. */
function writeAtomically(file: string, data: Buffer): void {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  writeFileSync(partial, data, { mode: 0o600 });
  renameSync(partial, file);
}

/** PGlite under `dataDir/pgdata` into `file` (gzip tarball). Refuses while a server holds DATA_DIR. */
export async function backupPglite(dataDir: string, file: string): Promise<{ bytes: number }> {
  if (!existsSync(join(dataDir, 'pgdata'))) throw new BackupError(`no PGlite database in ${dataDir} (DATA_DIR)`);
  const lock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(join(dataDir, 'pgdata'), { extensions: { pg_trgm } });
    try {
      const dump = await client.dumpDataDir('gzip');
      const data = Buffer.from(await dump.arrayBuffer());
      writeAtomically(file, data);
      return { bytes: data.length };
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** PostgreSQL at `databaseUrl` into `file` (pg_dump's custom format). */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  mkdirSync(dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  await run(pgBin('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`, `--dbname=${databaseUrl}`]);
  renameSync(partial, file);
}

export type BackupKind = 'pglite' | 'postgres';

/** What a backup file holds, by its first bytes: gzip (PGlite's archive) or PGDMP (pg_dump). */
export function backupKind(file: string): BackupKind {
  const fd = openSync(file, 'r');
  const head = Buffer.alloc(5);
  try {
    readSync(fd, head, 0, 5, 0);
  } finally {
    closeSync(fd);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  throw new BackupError(`${file} is not a portal backup (neither a PGlite archive nor a pg_dump file)`);
}

/**
 * `file` (a PGlite backup) into `dataDir`, which must not exist or be empty (a `jwt-secret` file
 * alone is allowed: keeping it keeps sessions valid).
 */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).some((name) => name !== 'jwt-secret')) {
    throw new BackupError(`${dataDir} is not empty: restore only into a new or empty data folder`);
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const lock = lockDataDir(dataDir);
  try {
    const client = await PGlite.create(join(dataDir, 'pgdata'), {
      extensions: { pg_trgm },
      loadDataDir: new Blob([readFileSync(file)]),
    });
    try {
      // The restored cluster answers.
      await client.query('SELECT count(*) FROM app_user');
    } finally {
      await client.close();
    }
  } finally {
    lock.release();
  }
}

/** `file` (a pg_dump backup) into the database at `databaseUrl`, which must hold no tables. */
export async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')",
    );
    if (Number(rows[0]?.n ?? 0) > 0)
      throw new BackupError('the database at DATABASE_URL is not empty: restore only into a new, empty database');
  } finally {
    await client.end();
  }
  await run(pgBin('pg_restore'), ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
}
